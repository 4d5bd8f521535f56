"""Keys as the help screen and the palette name them: as printed on the keyboard, not Textual's key names."""

from builder.games.warmachine.tui.battle import WarmachineBattle
from builder.games.warsurge.tui.battle import WarsurgeBattle
from builder.tui.keys import help_rows, key_label, own_keys


def test_keys_are_named_as_the_keyboard_prints_them():
    assert key_label("f1,question_mark") == "F1 / ?"
    assert key_label("ctrl+s") == "Ctrl+S"
    assert key_label("right_square_bracket") == "]" and key_label("left_square_bracket") == "["
    assert key_label("plus,equals_sign") == "+ / =" and key_label("minus") == "-"
    assert key_label("delete,x") == "Del / x" and key_label("escape") == "Esc" and key_label("enter") == "Enter"
    assert (
        key_label("shift+tab") == "Shift+Tab" and key_label("pagedown") == "Pagedown" and key_label("space") == "Space"
    )


def test_a_key_a_game_screen_declares_again_is_listed_once():
    for screen in (WarsurgeBattle, WarmachineBattle):
        rows = dict(help_rows(own_keys(screen)))
        assert rows["-"] == "The highlighted unit takes 1 damage (HP, DMG box)"
        assert rows["+ / ="] == "Give the highlighted unit 1 damage back"
        assert "c" in rows and "b" in rows and "r" in rows and "- / -" not in rows and "c / c" not in rows
    warsurge = [keys for keys, _ in help_rows(own_keys(WarsurgeBattle))]
    assert (
        warsurge[4:8] == ["-", "+ / =", "c", "b"] and warsurge.count("m") == 1 and len(warsurge) == len(set(warsurge))
    )


def test_each_games_help_says_what_s_shows_in_that_games_words():
    """A hand is Warcaster's: Warsurge's `s` shows command points, Warmachine's focus; the help lists the game
    screen's own `s`, as Textual binds it (a subclass's key replaces its base's)."""
    from builder.games.mcwarrior.tui.battle import McWarriorBattle
    from builder.games.warcaster.tui.battle import WarcasterBattle
    from builder.tui.screens.battle import BoxesBattle

    said = {screen: dict(help_rows(own_keys(screen))).get("s") for screen in (WarsurgeBattle, WarmachineBattle)}
    assert said[WarsurgeBattle] == (
        "Each side's command points in full (CP, where each unit is, what it did, the ledger), and the others' lines"
    )
    assert said[WarmachineBattle] == (
        "Each Leader's focus or fury in full (its battlegroup's, its feat), and the other sides' lines"
    )
    assert dict(help_rows(own_keys(WarcasterBattle)))["s"] == (
        "The hand, Arc and gates of the player whose turn it is in full (a hand is private), and the others' lines"
    )
    assert "hand" not in dict(help_rows(own_keys(BoxesBattle)))["s"]
    assert "s" not in dict(help_rows(own_keys(McWarriorBattle)))  # McWarrior's turns spend nothing


async def test_the_help_over_a_question_names_it_in_words():
    from textual.app import App

    from builder.tui.dialogs.confirm import ConfirmDialog
    from builder.tui.dialogs.help import keys_for

    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ConfirmDialog("Unsaved changes", "Keep them?", [("keep", "Keep"), ("discard", "Discard")]))
        await pilot.pause()
        titles = [title for title, _ in keys_for(app.screen)]
        assert titles == ["Everywhere", "This question", "Lists and dialogs"]


def test_the_loadouts_digits_are_one_row_of_the_help():
    """F1 in the editor listed each digit as its own key doing itself ('0  0', '1  1' … '9  9'): one row says
    what typing a number does."""
    from builder.tui.dialogs.help import _declared
    from builder.tui.keys import help_rows
    from builder.tui.widgets.stepping_inspector import StepRows

    assert help_rows(_declared(StepRows)) == [
        ("+ / = / Right", "Raise the value (or the next option)"),
        ("- / Left", "Lower the value (or the previous option)"),
        ("0–9", "Type the number (the digit starts it)"),
    ]
