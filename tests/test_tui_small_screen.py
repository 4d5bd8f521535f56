"""At 80×24 every list and pane keeps its highlighted row in sight, so keys act on what the player sees."""

from __future__ import annotations

import pytest
from textual.geometry import Size

from builder.tui.app import make_app
from tests.fixtures.tui.pilot import add_unit, empty_roster, example_copy, paste, wait_loaded
from tests.fixtures.tui.screen import codes_and_text, screen_picture, screen_text

SMALL = (80, 24)
PHONE = (43, 39)
"""A Pixel 7 in Chromium: the served builder's terminal on a 412-pixel-wide phone."""


def highlighted_label(option_list) -> str:
    """The highlighted option's text up to its colon (an inspector row's label)."""
    prompt = option_list.get_option_at_index(option_list.highlighted).prompt
    return str(getattr(prompt, "plain", prompt)).split(":")[0].strip()


def assert_highlighted_row_in_sight(rows) -> None:
    """The highlighted row's label is among the lines the list draws, and the list lies wholly inside each pane
    around it, up to the screen (so none of what it draws is cut off below the screen's edge)."""
    from textual.widget import Widget

    label = highlighted_label(rows)
    drawn = [rows.render_line(y).text for y in range(rows.scrollable_content_region.height)]
    assert any(f"{label}:" in line for line in drawn), (rows.highlighted, label, drawn)
    for pane in rows.ancestors:
        if isinstance(pane, Widget):
            assert pane.content_region.contains_region(rows.region), (pane, pane.content_region, rows.region)


async def test_on_a_new_roster_ctrl_g_the_catalogue_filter_and_a_loadout_keep_to_what_is_on_screen(tmp_path):
    from textual.widgets import Input

    app = make_app(empty_roster(tmp_path), data_dir=tmp_path / "data")
    async with app.run_test(size=SMALL) as pilot:
        await wait_loaded(pilot)
        screen = app.screen

        # Ctrl+G goes to the first finding, from the rack builder too
        await pilot.press("ctrl+g", "down", "down", "enter")  # a rack finding: the rack builder opens
        await pilot.pause()
        await pilot.press("ctrl+g")
        panel = screen.query_one("#findings")
        assert panel.has_focus and panel.highlighted == 0
        assert panel.findings[0].message.split()[0] in screen_text(app)
        await pilot.press("escape")

        # The catalogue filter stays after an add
        await add_unit(pilot, "hero")
        assert screen.query_one("#browser-filter").value == "hero"
        await pilot.press("down", "enter")  # the next hero, not a Razorbat from the unfiltered list
        heroes = {entry.key for entry in screen.adapter.browser(screen.session.roster) if entry.group == "Heroes"}
        added = [unit.id for unit in screen.session.roster.units]
        assert len(added) == 2 and len(set(added)) == 2 and set(added) <= heroes

        # The Warcaster loadout scrolls to the slot under the cursor
        await pilot.press("ctrl+f")
        screen.query_one("#browser-filter", Input).value = ""
        await paste(pilot, "dusk wolf")
        await pilot.press("enter")
        await pilot.press("escape", "enter")  # the roster list, then into the Dusk Wolf's loadout
        rows = screen.query_one("#inspector-rows")
        ids = [option.id for option in rows.options]
        while rows.highlighted < len(ids) - 1:
            await pilot.press("down")
            assert_highlighted_row_in_sight(rows)
        assert highlighted_label(rows) == "Right Arm"


def battle_of(tmp_path, ours: str, theirs: str | None):
    """A battle file between copies of two example rosters (or one, with no opponent's roster)."""
    from builder.battles import new_battle

    battle = tmp_path / "battle.toml"
    new_battle(example_copy(tmp_path, ours), str(example_copy(tmp_path, theirs)) if theirs else None, battle)
    return battle


async def test_a_battle_code_too_long_for_one_qr_here_scans_from_the_screen_in_parts_and_dice_stay_in_a_log(tmp_path):
    from builder.battles import battle_code
    from builder.tui.dialogs.share import screen_parts
    from builder.tui.dialogs.text_prompt import TextPrompt
    from exports.share.catalogue_code import join
    from tests.fixtures.tui.pilot import answer_prompt

    battle = battle_of(tmp_path, "mcwarrior-warband.toml", "mcwarrior-warband.toml")
    code = battle_code(battle)
    parts = screen_parts(code, Size(*SMALL))
    assert len(parts) == 2 and join("\n".join(parts), "battle code") == code  # both rosters: too long for one QR here
    app = make_app(battle, data_dir=tmp_path / "data")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()

        # The battle's code in parts, each QR on the screen and scanning; Space the next, Esc closes
        battle_screen = app.screen
        await pilot.press("k")
        await pilot.pause()
        await pilot.press("c")  # every part copied, said beside the QR (a toast would cover it: it scans below)
        await pilot.pause()
        assert app.clipboard == "\n".join(parts)
        assert "All 2 parts of the code, one a line, copied" in str(app.screen.query_one("#dialog-note").render())
        for part in parts:
            dialog = app.screen
            assert dialog.code == part and dialog.qr.rows <= SMALL[1]
            codes, shown = codes_and_text(app)
            assert codes == [part] and "Esc close" in shown and ("Space next part" in shown) == (part != parts[-1])
            await pilot.press("space" if part != parts[-1] else "escape")
            await pilot.pause()
        assert app.screen is battle_screen

        # The dice take free entry and stay in a roll log, the newest first
        await pilot.press("d")
        await answer_prompt(pilot, "7d6")
        await pilot.press("d")
        await answer_prompt(pilot, "2d8")  # refused in the prompt, which stays open and says how
        assert isinstance(app.screen, TextPrompt) and "2d6+1" in str(app.screen.query_one("#prompt-error").render())
        await answer_prompt(pilot, "2d6+1")
        await pilot.pause()
        lines = screen_text(app).splitlines()
        newest = next(line for line in lines if "2d6+1: " in line)
        older = next(line for line in lines if "7d6: " in line)
        assert lines.index(newest) < lines.index(older)
        faces = [int(f) for f in older.split("7d6: ")[1].split("=")[0].split()]
        assert len(faces) == 7 and f"= {sum(faces)}" in older


def test_a_warcaster_battle_qr_drawn_for_80_by_24_scans(tmp_path):
    """The same dialog draws every battle's QR (the McWarrior one above proves it on screen): the Warcaster battle's
    code, drawn as the dialog draws it for a 24-row screen, fits and scans."""
    import zxingcpp

    from builder.battles.session import BattleSession
    from builder.editing.storage import Store
    from exports.share.battle import encode_battle
    from exports.share.terminal import screen_qr

    battle = battle_of(tmp_path, "warcaster-marcher-worlds.toml", "warcaster-firebrand.toml")
    session = BattleSession(battle, Store(tmp_path / "data"))
    code = encode_battle(session.ledger, session.rosters)
    qr = screen_qr(code, SMALL[1])
    assert qr.rows <= SMALL[1] and qr.version >= 6
    assert [found.text for found in zxingcpp.read_barcodes(screen_picture(qr.text.split("\n")))] == [code]


@pytest.mark.parametrize(
    ("used", "total", "shown"),
    [
        (0, 5, "WP □□□□□ 0/5"),
        (4, 5, "WP ■■■■□ 4/5"),
        (5, 5, "WP ■■■■■ 5/5"),
        (6, 5, "WP ■■■■■+■ 6/5"),
        (8, 5, "WP ■■■■■+■■■ 8/5"),
        (250, 500, "WP ■■■■■□□□□□ 250/500"),
        (600, 500, "WP ■■■■■■■■■■+■■ 600/500"),
    ],
)
def test_the_meter_scales_to_its_maximum_and_marks_the_overflow(used, total, shown):
    from builder.editing.base import Meter
    from builder.tui.widgets.inspector import meter_bar

    bar = meter_bar(Meter("WP", used, total))
    assert bar.plain == shown
    overflow = [span for span in bar.spans if "$error" in str(span.style)]
    assert bool(overflow) == (used > total)


@pytest.fixture
def campaigns(tmp_path):
    import shutil

    from tests.conftest import EXAMPLES

    shutil.copytree(EXAMPLES / "campaigns", tmp_path / "campaigns")
    shutil.copy(EXAMPLES / "mcwarrior-warband.toml", tmp_path / "mcwarrior-warband.toml")
    return tmp_path / "campaigns"


async def test_port_oldsands_table_fits_80_columns_and_the_frontier_grid_explains_its_signs(tmp_path, campaigns):
    """Two campaigns at 80×24 in one app: Port Oldsand's siege table keeps each winner whole; the Frontier grid
    shows a held pick and its help explains the signs. On a phone's 43 columns each claim grid and each district
    row is whole (one grid under the other, the players under the districts)."""
    from builder.tui.dialogs.help import HelpScreen

    app = make_app(campaigns / "mcwarrior-port-oldsand.toml", data_dir=tmp_path / "data")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        result = app.screen.session.result
        shown = screen_text(app)
        assert "Siege" in shown and "Picks, Siege: round 5" in shown
        for siege in result.rounds[-1].sieges:  # every siege of the open round, its winner in full
            row = next(line for line in shown.splitlines() if f" {siege.district} " in line)
            assert f"{siege.winner} won" in row

        app.open_path(campaigns / "warmachine-frontier.toml")
        await wait_loaded(pilot)
        assert app.screen.session.ledger.name == "Frontier of the Thornwood"
        shown = screen_text(app)
        assert "4 [*Key  ]" in shown  # Anna's pick this round, a4, which she now holds
        assert "[Camp  ] held" in shown and "*Key this round's pick" in shown
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        sections = dict(app.screen.table)
        assert ("[*Key  ]", "this round's pick, now held") in sections["Frontier campaign: what the signs mean"]

        await pilot.press("escape")
        await pilot.resize_terminal(*PHONE)
        rows = screen_text(app).splitlines()
        assert [row.strip("│ ") for row in rows if row.startswith("│ 1  Key")] == ["1  Key     Key     Key     Key"] + [
            "1  Key     Key    *Key     Key"
        ]  # Anna's grid, then Bram's (his pick this round, c1), neither cut
        app.open_path(campaigns / "mcwarrior-port-oldsand.toml")
        await wait_loaded(pilot)
        rows = screen_text(app).splitlines()
        assert any(row.startswith("│ Lighthouse Point  Ada    Cleo   Ada won") for row in rows), rows
        assert any(row.startswith("│ Ada  6 districts") for row in rows), rows  # the players, below


async def test_the_scenario_bar_keeps_every_sides_vp_and_a_pane_title_its_points_at_80_columns(tmp_path):
    """In one app at 80×24: a Warcaster battle under a scenario, whose bar keeps every side's VP and the whole
    tracker; then a Warsurge battle, whose pane title keeps its points and cuts the name first (whole at 160×48), and
    whose footer keeps F1 Help."""
    from builder.battles import new_battle

    ours, theirs = example_copy(tmp_path), example_copy(tmp_path, "warcaster-firebrand.toml")
    ours.write_text(ours.read_text().replace('name = "Will\'s Marcher force"', 'name = "Marcher Skirmish"'))
    text = theirs.read_text()
    theirs.write_text(
        text.replace(
            f"name = {text.split('name = ', 1)[1].splitlines()[0]}",
            'name = "Matt\'s Alliance skirmish force of the Iron Star"',
            1,
        )
    )
    battle = tmp_path / "battle.toml"
    new_battle(ours, str(theirs), battle, scenario="orders-of-magnitude")
    (tmp_path / "warsurge").mkdir()
    app = make_app(battle, data_dir=tmp_path / "data")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        lines = screen_text(app).splitlines()
        vp = next(line.rstrip() for line in lines if "· VP " in line)
        assert vp.endswith(" 0") and vp.count(" 0 · ") == 1 and "Matt's" in vp, vp
        at = lines.index(next(line for line in lines if "· VP " in line))
        tracker = " ".join(line.strip() for line in lines[at + 1 : at + 3])
        assert "most VP wins; the game ends after Pulse round 3" in tracker, tracker

        app.open_path(battle_of(tmp_path / "warsurge", "warsurge-apc.toml", "warsurge-499.toml"))
        await wait_loaded(pilot)
        assert_footer_keeps_f1_help(app)
        titles = screen_text(app).splitlines()[1]
        assert "╭─ Ursus strike …  434.3/434.3 (100%) ─╮" in titles and "Fantasy Army  499/499 (100%)" in titles
        await pilot.resize_terminal(160, 48)
        await pilot.pause()
        assert "Ursus strike force  434.3/434.3 (100%)" in screen_text(app).splitlines()[1]


def assert_footer_keeps_f1_help(app) -> None:
    """The footer's last row keeps "f1 Help" whole before the palette key, at 80 columns."""
    footer = screen_text(app).splitlines()[-1]
    assert "f1 Help" in footer and footer.rstrip().endswith("^p palette"), footer
    before_palette = footer[: footer.rindex("▏")].rstrip()
    assert not before_palette.endswith(("…", "▏")) and before_palette.split()[-1] in {"Help"}, footer


ODD_ROSTERS = {
    "mcwarrior": 'game = "mcwarrior"\ncatalogue = "mcwarrior"\n[[mechs]]\nparts = { head = 99, torso = 0 }\n'
    'upgrades = { right-arm = { id = "energy-shield", level = 0 } }\n',
    "warsurge": 'game = "warsurge"\ncatalogue = "warsurge-examples"\npoint_limit = 0\n[[units]]\nid = "troopers"\n'
    "models = 100000\nweapons = { giant-rock = 100000 }\n",
    "warcaster": 'game = "warcaster"\ncatalogue = "warcaster-nm"\nfaction = "marcher-worlds"\nformat = "skirmish"\n'
    '[[units]]\nid = "dusk-wolf"\nhardpoints = { left-arm = "fusion-drill", shoulder = "rail-gun" }\n'
    'attachments = ["warder", "warder"]\n',
}
"""Rosters `validate` reads and finds illegal, one a game (each one's view and every line's inspection, as the editor
works them out: tests/test_editor_view_any_roster.py)."""


async def test_every_inspector_row_is_on_screen_when_highlighted_and_an_illegal_roster_opens(tmp_path):
    """The builder opens a roster validate can read however illegal (the McWarrior one: its mech's loadout is the
    longest, 15 rows, and scrolls at 80×24) in place of the start screen; the editor's footer keeps F1 Help whole;
    Enter on the roster list goes into the first entry's loadout, every row on screen when highlighted; quitting with
    nothing changed asks nothing. (Every game's odd roster and example, as the view the editor draws:
    tests/test_editor_view_any_roster.py; the Warcaster loadout walked on screen: the Ctrl+G test above.)"""
    from builder.tui.screens.editor import RosterEditor

    path = tmp_path / "odd-mcwarrior.toml"
    path.write_text('warbench = 1\nname = "Odd"\n' + ODD_ROSTERS["mcwarrior"], encoding="utf-8")
    app = make_app(data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await wait_loaded(pilot)
        app.open_path(path)
        await wait_loaded(pilot)
        assert isinstance(app.screen, RosterEditor) and app.screen.session.path == path
        assert not app.screen.session.report.valid
        assert_footer_keeps_f1_help(app)
        await pilot.press("escape", "enter")  # the roster list, then into the first entry's loadout
        rows = app.screen.query_one("#inspector-rows")
        assert rows.has_focus and rows.option_count == 15
        for _ in range(rows.option_count - 1):
            await pilot.press("down")
            assert_highlighted_row_in_sight(rows)
        assert highlighted_label(rows) == "Legs upgrade"
        await pilot.press("ctrl+q")  # quit without changes does not ask
        assert not app.is_running


# (The Marcher editor at 80×24, its names, detail, help and QR: tests/test_warcaster_rack_keys.py, in one app run
# with the rack builder's keys.)


def roster_code(session) -> str:
    """The roster's share code, as Ctrl+K shows it (without the notes)."""
    from exports.share.catalogue_code import join
    from exports.share.roster_parts import roster_parts

    return join("\n".join(roster_parts(session.roster, session.catalogue, with_notes=False)))


async def test_the_share_dialog_draws_its_qr_again_when_the_terminal_grows(tmp_path):
    """The roster's share dialog alone over an empty app (the editor's Ctrl+K opens it at 80×24 in
    tests/test_warcaster_rack_keys.py): when the terminal grows to 160×48 the QR is drawn again, and it scans with the
    code and the keys beside it; a code whose one QR no longer fits once the terminal shrinks closes its dialog to be
    shown again in parts."""
    from pathlib import Path

    from textual.app import App

    import builder.tui
    from builder.editing.session import EditSession
    from builder.editing.storage import Store
    from builder.roster.files import read_roster
    from builder.tui.dialogs.share import ShareDialog, screen_parts
    from builder.tui.dialogs.text_prompt import TextPrompt
    from builder.tui.sharing import show_code

    class DialogOnly(App):
        CSS_PATH = str(Path(builder.tui.__file__).parent / "warbench.tcss")

    code = roster_code(EditSession(read_roster(example_copy(tmp_path)), Store(tmp_path / "data")))
    app = DialogOnly()
    async with app.run_test(size=SMALL) as pilot:
        dialog = ShareDialog(code, "no notes to share")
        await app.push_screen(dialog)
        assert dialog.has_class("-qr-full")  # at 80×24 the QR takes the screen, the code beside it
        await pilot.resize_terminal(160, 48)
        await pilot.pause()
        assert app.size == (160, 48) and dialog.qr is not None and dialog.qr.version >= 4
        codes, shown = codes_and_text(app)
        assert codes == [code]
        assert "Esc close" in shown and code[:4] in shown
        assert not dialog.has_class("-qr-full")  # at 160×48 it fits in the box again
        await pilot.resize_terminal(*PHONE)  # on a phone the code's lines break between groups, never in one
        await pilot.pause()
        lines = str(dialog.query_one("#share-code").render()).splitlines()
        assert "".join(lines).replace("-", "") == code and all(
            len(group) == 4 for line in lines[:-1] for group in line.split("-")
        )
        assert max(map(len, lines)) <= dialog.query_one("#share-code").content_size.width
        await pilot.resize_terminal(160, 48)
        await pilot.pause()
        closed: list[str | None] = []
        long = "A" * 431  # one QR at 160×48; three parts at 80×24
        await app.push_screen(ShareDialog(long, "no notes to share", refits=True), closed.append)
        await pilot.pause()
        await pilot.resize_terminal(*SMALL)  # shrunk under it: closed, for show_code to show it again in parts
        await pilot.pause()
        assert closed == ["refit"]
        assert app.screen_stack[-1] is dialog  # closed once: a second Resize must not close the dialog under it
        parts = screen_parts(long, app.size)
        await app.push_screen(ShareDialog(parts[0], "part 1 of 3", refits=True, whole=long), closed.append)
        await pilot.pause()
        await pilot.resize_terminal(160, 48)  # grown back: closed, for show_code to show it whole again
        await pilot.pause()
        assert len(parts) == 3 and closed == ["refit", "refit"] and app.screen_stack[-1] is dialog
        await pilot.press("escape")
        # shrunk under the Save QR prompt: the prompt stays, and the code is refitted once it is answered (the
        # dialog under it closed the prompt instead, and then a second Esc crashed the app)
        app.run_worker(show_code(app, long, "no notes to share", str(tmp_path / "qr.png"), toggles=False))
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        assert isinstance(app.screen, TextPrompt)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ShareDialog) and app.screen.code == parts[0]
        await pilot.press("escape")
        await pilot.pause()
        assert len(app.screen_stack) == 1


async def test_the_start_screens_footer_fields_dialogs_and_recent_files_keep_to_the_screen_and_no_toast_covers_a_field(
    tmp_path,
):
    """On the start screen at 80×24, in one app: the footer keeps F1 Help whole; a path too long for its field is
    shown whole under it; toasts shown before a dialog with a field go when it opens (Save as was covered at 80×24:
    a text prompt and a chooser, the two kinds), and a message sent while it is open is said on its note line, not as
    a toast over the field, for each dialog with a field in turn; a choice taken against a rule says so in a toast
    once its dialog has gone. Then the start screen's recent files: a roster and its battle, each opened once, are
    both remembered under the roster's name and told apart; two battles that would read the same show their file
    names (the second remembered as the app remembered the first)."""
    from textual.widgets import Input

    from builder.battles import new_battle
    from builder.editing.base import Choice, ChoicePrompt
    from builder.tui.dialogs.choice import ChoiceDialog
    from builder.tui.dialogs.text_prompt import TextPrompt, path_prompt

    roster = example_copy(tmp_path, "warsurge-499.toml")
    first, second = tmp_path / "warsurge-499-battle.toml", tmp_path / "second-game.toml"
    new_battle(roster, None, first)
    new_battle(roster, None, second)
    app = make_app(data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await wait_loaded(pilot)
        await pilot.pause()
        assert_footer_keeps_f1_help(app)

        # A path too long for its field is shown whole under it
        long = str(tmp_path / "a-folder-with-a-long-name" / "another-folder-inside-it" / "will-s-marcher-force.toml")
        app.push_screen(path_prompt(app, "Save as", long, "Path of the roster file:"))
        await pilot.pause()
        shown = "".join(line.strip(" │") for line in screen_text(app).splitlines())
        assert long in shown
        app.screen.query_one(Input).value = "short.toml"  # a path that fits says nothing more
        await pilot.pause()
        assert str(tmp_path) not in "".join(screen_text(app).splitlines())
        app.pop_screen()
        await pilot.pause()

        # No toast covers a dialog the player types into
        dialogs = {
            "path": lambda: path_prompt(app, "Save as", str(tmp_path / "roster.toml"), "Path of the roster file:"),
            "name": lambda: TextPrompt("Rename roster", "Will's force", hint="Roster name:"),
            "notes": lambda: TextPrompt("Notes", "a note", multiline=True, max_length=4000),
            "choice": lambda: ChoiceDialog(
                ChoicePrompt("Cortex", tuple(Choice(str(n), f"Cortex {n}") for n in range(30)))
            ),
        }
        for dialog, opened in dialogs.items():
            if dialog in ("path", "choice"):  # the toasts on show go (TypingDialog's, shared by the four)
                for n in range(3):
                    app.notify(f"Toast number {n} says something long enough to take a few rows.", timeout=30)
                await pilot.pause()
                assert len(app.screen.query("Toast")) == 3, dialog
            app.push_screen(opened())
            await pilot.pause()
            assert not app.screen.query("Toast"), dialog
            app.notify("Autosaved \x1b]0;title\x07 meanwhile", title="Saved", timeout=30)
            await pilot.pause()
            assert not app.screen.query("Toast"), dialog
            note = str(app.screen.query_one("#dialog-note").render())
            assert note == "Saved: Autosaved \\x1b]0;title\\x07 meanwhile", dialog
            app.pop_screen()
            await pilot.pause()

        # A choice taken against a rule says so in a toast once the dialog has gone
        app.clear_notifications()
        await pilot.pause()
        app.push_screen(ChoiceDialog(ChoicePrompt("Cortex", (Choice("a", "Arc Cortex", reason="one too many"),))))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceDialog)
        assert [str(t.render()).splitlines()[-1] for t in app.screen.query("Toast")] == [
            "Arc Cortex: one too many. It is in the roster, and the findings say why."
        ]

        # Recent files tell a roster, its battle and two battles that would read the same apart
        app.open_path(roster)
        await wait_loaded(pilot)
        assert app.screen.session.path == roster
        app.open_path(first)  # over the roster's editor
        await wait_loaded(pilot)
        assert app.screen.session.path == first
        battle = app.store.recent()[0]
        assert (battle.path, battle.name, battle.game, battle.kind) == (
            str(first.resolve()),
            "Fantasy Army",
            "warsurge",
            "battle",
        )
        app.store.remember(second, battle.name, battle.game, battle.kind)
        await pilot.press("ctrl+w", "ctrl+w")  # the battle, then the roster: back to the start screen
        await wait_loaded(pilot)
        lines = screen_text(app).splitlines()
        at = [i for i, line in enumerate(lines) if "Fantasy A" in line][:3]  # the recent ones, above the examples
        assert len(at) == 3, lines
        assert "Warsurge · Battle" in lines[at[0]] and "second-game.toml" in lines[at[0] + 1], lines
        assert "Warsurge · Battle" in lines[at[1]] and "warsurge-499-battle.toml" in lines[at[1] + 1], lines
        assert "Battle" not in lines[at[2]] and "Warsurge" in lines[at[2]], lines
        assert at[2] == at[1] + 2  # the roster reads as no other: no file name under it
