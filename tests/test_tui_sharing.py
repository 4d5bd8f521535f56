"""Export and share from the builder: PDF cards, the share dialog's QR, saving it, importing a code or picture."""

from __future__ import annotations

from io import BytesIO

import pytest
from textual.widgets import Input

from builder.roster.files import read_roster
from builder.tui.app import make_app
from builder.tui.dialogs.confirm import ConfirmDialog
from builder.tui.dialogs.share import ShareDialog
from builder.tui.dialogs.text_prompt import TextPrompt
from builder.tui.screens.start import StartScreen
from builder.tui.screens.warcaster import WarcasterEditor
from exports.share import decode_share_code, encode_roster
from exports.share.normalise import grouped
from exports.share.qr import read_qr_image, write_qr
from tests.fixtures.tui.pilot import add_unit, example_copy, notifications, wait_loaded
from tests.fixtures.tui.pilot import answer_prompt as answer


async def settle(pilot) -> None:
    await wait_loaded(pilot)


async def test_share_dialog_shows_the_code_and_a_qr_that_saves_and_scans(tmp_path):
    path = example_copy(tmp_path)
    loaded = read_roster(path)
    expected = encode_roster(loaded.roster, loaded.catalogue)
    app = make_app(path, data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        await pilot.press("ctrl+k")
        assert isinstance(app.screen, ShareDialog)
        assert app.screen.code == expected
        assert str(app.screen.query_one("#share-code").render()) == grouped(expected)  # groups that paste back
        assert "▀" in app.screen.qr_text and "▄" in app.screen.qr_text
        await pilot.press("s")
        assert isinstance(app.screen, TextPrompt)
        assert app.screen.query_one(Input).value == str(tmp_path / "warcaster-marcher-worlds.png")
        await answer(pilot, str(tmp_path / "qr.png"))
        await settle(pilot)
        assert read_qr_image(tmp_path / "qr.png") == expected
        assert isinstance(app.screen, ShareDialog)
        await pilot.press("escape")
        assert isinstance(app.screen, WarcasterEditor)


@pytest.mark.parametrize(
    ("typed", "paper", "options"),
    [("letter one", "letter", {"one_per_page": True}), ("a4 backs", "a4", {"backs": True})],
)
async def test_the_export_dialog_offers_the_clis_paper_and_layouts(tmp_path, typed, paper, options):
    from pypdf import PdfReader

    from exports.pdf import pdf_bytes

    path = example_copy(tmp_path)
    app = make_app(path, data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        await pilot.press("ctrl+e", *[("space" if c == " " else c) for c in typed], "enter")
        await answer(pilot, str(tmp_path / "cards.pdf"))
        await settle(pilot)
    loaded = read_roster(path)
    expected = PdfReader(BytesIO(pdf_bytes(loaded.roster, loaded.catalogue, paper=paper, **options))).pages
    written = PdfReader(tmp_path / "cards.pdf").pages
    assert [tuple(p.mediabox) for p in written] == [tuple(p.mediabox) for p in expected]


async def test_export_pdf_runs_in_a_worker_and_writes_the_cards(tmp_path):
    from pypdf import PdfReader

    app = make_app(example_copy(tmp_path), data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        await pilot.press("ctrl+e", "enter")  # A4, nine a sheet: the layout offered first
        assert app.screen.query_one(Input).value == str(tmp_path / "warcaster-marcher-worlds.pdf")
        await answer(pilot, str(tmp_path / "cards.pdf"))
        await settle(pilot)
        text = "".join(page.extract_text() for page in PdfReader(tmp_path / "cards.pdf").pages)
        assert "Will's Marcher force" in text and "Dusk Wolf" in text
        assert "NOT A LEGAL ROSTER" not in text


async def test_an_illegal_roster_asks_before_printing_and_is_marked(tmp_path):
    from pypdf import PdfReader

    app = make_app(example_copy(tmp_path), data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        for _ in range(3):  # a fifth Dusk Wolf and more: too many of one unit
            await add_unit(pilot, "dusk wolf")
        assert not app.screen.session.report.valid
        await pilot.press("ctrl+e", "enter")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("escape")
        assert isinstance(app.screen, WarcasterEditor)
        assert not (tmp_path / "warcaster-marcher-worlds.pdf").exists()
        await pilot.press("ctrl+e", "enter")
        await pilot.press("p")  # Print anyway
        await answer(pilot, str(tmp_path / "draft.pdf"))
        await settle(pilot)
        text = "".join(page.extract_text() for page in PdfReader(tmp_path / "draft.pdf").pages)
        assert "NOT A LEGAL ROSTER" in text


async def test_an_unwritable_target_is_one_line_in_a_notification(tmp_path):
    app = make_app(example_copy(tmp_path), data_dir=tmp_path / "data", roster_dir=tmp_path)
    messages = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        await pilot.press("ctrl+e", "enter")
        await answer(pilot, str(tmp_path / "no-such-folder" / "cards.pdf"))
        await settle(pilot)
        assert any("no-such-folder" in m and "\n" not in m for m in messages), messages
        assert isinstance(app.screen, WarcasterEditor)


async def test_import_a_code_from_the_start_screen_opens_an_unsaved_roster(tmp_path):
    loaded = read_roster(example_copy(tmp_path))
    code = encode_roster(loaded.roster, loaded.catalogue)
    app = make_app(data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        assert isinstance(app.screen, StartScreen)
        await pilot.press("ctrl+o")
        await answer(pilot, code.lower())
        await settle(pilot)
        assert isinstance(app.screen, WarcasterEditor)
        assert app.screen.session.roster == decode_share_code(code).roster
        assert app.screen.session.path is None and app.screen.session.dirty


async def test_import_a_qr_picture_and_refuse_a_strangers_code(tmp_path):
    loaded = read_roster(example_copy(tmp_path))
    code = encode_roster(loaded.roster, loaded.catalogue)
    write_qr(code, tmp_path / "photo.png")
    app = make_app(data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        await pilot.press("ctrl+o")
        await answer(pilot, "HELLOWORLD2345")  # a stranger's text: refused, the prompt and the paste stay
        assert isinstance(app.screen, TextPrompt)
        assert app.screen.query_one(Input).value == "HELLOWORLD2345"
        assert "mistyped" in str(app.screen.query_one("#prompt-error").render())
        await pilot.press("escape")
        await pilot.press("ctrl+o")
        await answer(pilot, str(tmp_path / "photo.png"))
        await settle(pilot)
        assert isinstance(app.screen, WarcasterEditor)
        assert app.screen.session.roster.name == loaded.roster.name


async def test_the_share_dialog_keeps_notes_private_until_asked(tmp_path):
    from builder.tui.dialogs.share import ShareDialog
    from exports.share import decode_share_code

    path = example_copy(tmp_path)
    path.write_text(
        path.read_text(encoding="utf-8").replace('format = "standard"', 'format = "standard"\nnotes = "secret"'),
        encoding="utf-8",
    )
    app = make_app(path, data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        await pilot.press("ctrl+k")
        dialog = app.screen
        assert isinstance(dialog, ShareDialog) and decode_share_code(dialog.code).roster.notes == ""
        assert "not included" in str(dialog.query_one("#share-notes").render())
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ShareDialog) and decode_share_code(app.screen.code).roster.notes == "secret"


def test_a_code_pasted_as_the_share_dialog_shows_it_is_accepted(tmp_path):
    from types import SimpleNamespace

    from builder.tui.importing import _refused_code as refused

    app = SimpleNamespace(path_refusal=lambda path: None)
    _refused_code = lambda text: refused(app, text)

    loaded = read_roster(example_copy(tmp_path))
    code = encode_roster(loaded.roster, loaded.catalogue)
    assert _refused_code(" ".join(grouped(code).splitlines())) is None  # dashed groups, lines joined by the paste
    assert _refused_code(grouped(code).lower()) is None
    assert "mistyped" in _refused_code("HELLOWORLD2345")


async def test_a_battlescribe_roster_comes_in_through_the_import_prompt(tmp_path):
    from tests.conftest import FIXTURES

    app = make_app(data_dir=tmp_path / "data", roster_dir=tmp_path)
    messages = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+o")
        await answer(pilot, str(FIXTURES / "battlescribe" / "odds-and-ends.ros"))
        await settle(pilot)
        await wait_loaded(pilot)
        assert isinstance(app.screen, WarcasterEditor) and app.screen.session.path is None
        assert any(m.startswith("not imported:") for m in messages)  # what could not be matched is named
