"""Cards as printed, read back: words never cut across lines, headers clear of their columns, faces filled before
a card continues, the ♥ stat explained, and McWarrior's mode named as the editor names it."""

from __future__ import annotations

from exports.pdf.blocks import Heading, Row, Table
from exports.pdf.card import CARD_W, PAD, Card, _flow, faces
from exports.pdf.fonts import register_fonts, width
from tests.fixtures.pdf.reading import all_text, export, exported, exported_pages, exported_text, load, load_text

EMPTY_HARDPOINTS = """\
warbench = 1
game = "warcaster"
catalogue = "warcaster-nm"
name = "Empty hardpoints"
faction = "marcher-worlds"
format = "standard"

[[units]]
id = "razorbat"

[[units]]
id = "fiddler-co"

[[units]]
id = "ranger-fire-team"
attachments = ["warder"]
"""


def test_a_label_breaks_between_words_never_inside_one():
    text = all_text(export(load_text(EMPTY_HARDPOINTS), force=True))
    assert "Hardpoin\nt" not in text
    assert text.count("Hardpoint (empty)") == 2  # Razorbat and Fiddler & Co, their slot on one line


def test_a_table_column_widens_to_hold_its_longest_word_at_7_pt():
    register_fonts()
    table = Table(
        ("Slot", "Weapon", "RNG", "POW", "WP"), [["Hardpoint", "(empty)", "", "", ""]], (2.4, 3.7, 1.35, 1.35, 1.1)
    )
    room = CARD_W - 2 * PAD
    shares = [room * c / 9.9 for c in (2.4, 3.7, 1.35, 1.35, 1.1)]
    assert width("Hardpoint", 7.0, True) + 3 > shares[0]  # the old share cut it
    cols = table.column_widths(room)
    assert cols[0] >= width("Hardpoint", 7.0, True) + 3
    assert abs(sum(cols) - room) < 1e-6 and cols[1] < shares[1]  # taken from the columns with room to spare
    assert all(c >= width(h, 7.0, True) + 3 for c, h in zip(cols[1:], table.headers[1:]))


def test_a_header_too_long_for_its_column_wraps_instead_of_printing_over_the_next():
    register_fonts()
    legend = "Points (● not bought, ○ tick off hits)"
    table = Table(("Part", legend, "#", "Bolts"), [["Head", "○○○●●●", "3", "6"]], (2.2, 4.4, 0.7, 1.2))
    cols = table.column_widths(150.0)
    heads = table.header_lines(cols, 1.0)
    assert len(heads[1][0]) > 1 and " ".join(heads[1][0]) == legend  # wrapped at its spaces, nothing lost
    assert all(width(line, heads[1][1], True) <= cols[1] - 3 for line in heads[1][0])  # clear of the # column
    assert table.rows(150.0, 1.0)[0].height > 7.0 * 1.4  # the header row grows for its second line


def test_the_mcwarrior_sheet_header_leaves_the_number_column_clear():
    reader = exported("mcwarrior-rustbucket")
    found = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            found.append((text.strip(), tm[4], tm[5], size))

    reader.pages[1].extract_text(visitor_text=visit)
    hash_x = next(x for text, x, _y, _s in found if text.startswith("# Bolts"))
    legend = [(text, x, s) for text, x, _y, s in found if "bought" in text or "hits)" in text]
    assert legend and all(x + width(text, s, True) <= hash_x for text, x, s in legend)


def test_a_card_fills_its_face_before_it_continues():
    rows = [Row(10.0, lambda *a: None) for _ in range(13)]
    assert [len(face) for face in _flow(rows, body_h=100.0)] == [10, 3]
    texts = exported_pages("warmachine-example")
    card_page = next(t for t in texts[1:] if "Commander Ysolde Varr" in t)
    front = card_page.split("Commander Ysolde Varr")[1]
    assert "Controls:" in front and "DAMAGE (16)" in front  # on the front face, not moved to the continuation


def test_the_health_stat_is_explained_over_its_boxes():
    text = " ".join(all_text(export(load_text(EMPTY_HARDPOINTS), force=True)).split())
    assert "♥ HEALTH: 4 DAMAGE BOXES" in text  # Razorbat
    assert "♥ HEALTH: 1 DAMAGE BOX × 3 MODELS, WARDER 1 ☐ ☐ ☐ ☐" in text  # the squad and its attachment's own box


def test_a_heading_too_long_for_the_card_wraps_between_words():
    register_fonts()
    room = CARD_W - 2 * PAD
    heading = Heading("♥ Health: 1 damage box × 3 models, Warder 1")
    assert width(heading.text.upper(), 7.0, True) > room  # one line would run off the card
    assert heading.rows(room, 0.94)[0].height > Heading("Weapons").rows(room, 0.94)[0].height


def test_the_mcwarrior_sheet_names_the_mode_as_the_editor_does():
    from builder.games.mcwarrior.editing import McWarriorAdapter

    loaded = load("mcwarrior-rustbucket")
    text = all_text(export(loaded))
    assert "Single mech" not in text and "Skirmish · 1 mech" in text
    assert McWarriorAdapter(loaded.catalogue).budget_text(loaded.roster).startswith("Skirmish")
    assert "Warband (Battle for Port Oldsand campaign)" in exported_text("mcwarrior-warband")


def test_card_faces_are_unchanged_for_a_card_that_fits():
    card = Card("Short", "x", 1, [Heading("Weapons")])
    assert len(faces(card)) == 1
