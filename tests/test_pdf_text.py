"""Text fitting and the small helpers behind the cards: shrink, wrap, ellipsize, escape, group, fold."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from exports.pdf.blocks import Rich
from exports.pdf.card import Card, faces
from exports.pdf.content import fold, group, points, stat
from exports.pdf.fonts import register_fonts, width
from exports.pdf.text import ELLIPSIS, ellipsize, fit_lines, fit_size, markup, wrap

register_fonts()


def test_text_that_fits_keeps_its_size():
    assert fit_size("Dusk Wolf", 200, 11, 6, bold=True) == 11


def test_text_that_does_not_fit_shrinks_in_quarter_points_to_the_floor():
    text = "Ranger Heavy Support Team of the Marcher Worlds"
    size = fit_size(text, 250, 11, 6, bold=True)
    assert 6 < size < 11 and size * 4 == int(size * 4)
    assert width(text, size, True) <= 250 < width(text, size + 0.25, True)
    assert fit_size(text * 5, 250, 11, 6, bold=True) == 6  # never below the floor


def test_wrap_breaks_at_spaces_and_cuts_only_words_longer_than_the_line():
    assert wrap("one two three four", width("three four", 10), 10) == ["one two", "three four"]
    long_word = "Supercalifragilisticexpialidocious"
    pieces = wrap(long_word, 40, 10)
    assert "".join(pieces) == long_word and all(width(p, 10) <= 40 for p in pieces)
    assert wrap("line one\nline two", 500, 10) == ["line one", "line two"]


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab cdé<&>″×\n"), max_size=120), st.floats(min_value=30, max_value=300))
def test_wrap_never_loses_a_character(text, room):
    lines = wrap(text, room, 8)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "").replace("\n", "")
    assert all(width(line, 8) <= room or len(line) == 1 for line in lines)


def test_fit_lines_shrinks_first_then_wraps_then_ellipsizes_last():
    size, lines = fit_lines("Short", 100, 11, 6)
    assert (size, lines) == (11, ["Short"])
    text = "A name far too long to fit on one line at any size the card allows"
    size, lines = fit_lines(text, 100, 11, 6, max_lines=6)
    assert len(lines) > 1 and " ".join(lines) == text and all(width(line, size) <= 100 for line in lines)
    size, lines = fit_lines(text * 4, 100, 11, 6, max_lines=2)
    assert size == 6 and len(lines) == 2 and lines[-1].endswith(ELLIPSIS)


def test_ellipsize_keeps_as_much_as_fits():
    assert ellipsize("short", 100, 10) == "short"
    cut = ellipsize("a rather long sentence indeed", 60, 10)
    assert cut.endswith(ELLIPSIS) and width(cut, 10) <= 60 and "a rather long sentence indeed".startswith(cut[:-1])


def test_markup_escapes_user_text_for_paragraphs():
    assert markup('Tom\'s <b>Big</b> & "Bad" >>') == 'Tom\'s &lt;b&gt;Big&lt;/b&gt; &amp; "Bad" &gt;&gt;'
    assert markup("one\ntwo\r\nthree") == "one<br/>two<br/>three"


def test_group_counts_distinct_items_in_first_seen_order():
    assert group(["b", "a", "b", "c", "b"], lambda x: x) == [("b", 3), ("a", 1), ("c", 1)]


def test_fold_puts_a_narrow_table_side_by_side():
    headers, rows, widths = fold(("N", "T"), [["1", "a"], ["2", "b"], ["3", "c"]], (2, 1))
    assert headers == ["N", "T", "N", "T"] and widths == [2, 1, 2, 1]
    assert rows == [["1", "a", "3", "c"], ["2", "b", "", ""]]


def test_stats_and_points_print_as_the_book_does():
    assert [stat(v) for v in (5, "*", "+1", "-", None, "")] == ["5", "*", "+1", "–", "–", "–"]
    assert [points(v) for v in (12.0, 2.27, 51.3, 163.08)] == ["12", "2.27", "51.3", "163.08"]


def test_a_card_too_full_for_one_face_flows_onto_numbered_faces():
    short = Card("Short", blocks=[Rich("Rule:", "does a thing.")])
    assert len(faces(short)) == 1
    full = Card(
        "Full",
        blocks=[Rich(f"Rule {i}:", "a summary that takes up a whole line or two of the card " * 2) for i in range(40)],
    )
    assert len(faces(full)) >= 2
