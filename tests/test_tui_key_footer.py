"""KeyFooter: Textual's footer, rebuilt only when the keys it would show change — and always when they do."""

from __future__ import annotations

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Input

from builder.tui.widgets.key_footer import KeyFooter


class Alpha(Input):
    BINDINGS = [Binding("ctrl+a", "noop", "Alpha")]


class Beta(Input):
    BINDINGS = [Binding("ctrl+b", "noop", "Beta")]


class Quiet(Input):
    BINDINGS = [Binding("ctrl+a", "noop", "Alpha")]


class Fields(App):
    def compose(self):
        yield Alpha(id="alpha")
        yield Quiet(id="quiet")
        yield Beta(id="beta")
        yield KeyFooter()


def drawn(app) -> list[str]:
    return [str(key.render()).strip() for key in app.query_one(KeyFooter).children]


async def settle(pilot) -> None:
    await pilot.pause()
    await pilot.pause()  # the footer rebuilds after the refresh that follows a focus move


async def test_the_same_keys_keep_the_same_footer_new_keys_rebuild_it_even_when_they_changed_while_unfocused():
    app = Fields()
    async with app.run_test() as pilot:
        app.query_one("#alpha").focus()
        await settle(pilot)
        assert drawn(app) == ["^a Alpha", "^p palette"]
        keys = list(app.query_one(KeyFooter).children)
        app.query_one("#quiet").focus()  # another field showing the same key: nothing to rebuild
        await settle(pilot)
        assert list(app.query_one(KeyFooter).children) == keys
        app.query_one("#beta").focus()
        await settle(pilot)
        assert drawn(app) == ["^b Beta", "^p palette"]

        # Keys that changed while the terminal was unfocused are drawn when it comes back
        app.query_one("#alpha").focus()
        await settle(pilot)
        assert drawn(app) == ["^a Alpha", "^p palette"]
        app.post_message(events.AppBlur())
        await settle(pilot)
        app.query_one("#beta").focus()  # the stock footer draws nothing while the app is unfocused
        await settle(pilot)
        app.post_message(events.AppFocus())
        await settle(pilot)
        await pilot.pause()
        assert drawn(app) == ["^b Beta", "^p palette"]


class Toggle(App):
    BINDINGS = [Binding("f5", "five", "Five")]
    allowed = True

    def compose(self):
        yield Input()
        yield KeyFooter()

    def check_action(self, action, parameters):
        return True if action != "five" else (True if self.allowed else None)  # None: shown, but disabled


async def test_a_key_that_becomes_disabled_is_drawn_disabled():
    app = Toggle()
    async with app.run_test() as pilot:
        await settle(pilot)
        five = [key for key in app.query_one(KeyFooter).children if "Five" in str(key.render())]
        assert [key.has_class("-disabled") for key in five] == [False]
        app.allowed = False
        app.refresh_bindings()
        await settle(pilot)
        five = [key for key in app.query_one(KeyFooter).children if "Five" in str(key.render())]
        assert [key.has_class("-disabled") for key in five] == [True]


class Menu(Screen):
    BINDINGS = [Binding("f2", "noop", "Menu")]

    def compose(self):
        yield KeyFooter()


class Key:
    """A footer key as `fitted` reads it."""

    def __init__(self, key: str, description: str, action: str) -> None:
        self.key_display, self.description, self.action = key, description, action

    def has_class(self, *class_names: str) -> bool:
        return False


def test_a_narrow_footer_drops_the_last_keys_but_a_screens_first_keys_last_and_help_never():
    from builder.tui.widgets.key_footer import fitted

    keys = [Key("^s", "Save", "save"), Key("^w", "Close", "close"), Key("-", "Damage", "take(1)")]
    keys += [Key("c", "Casualty", "casualty"), Key("n", "Next turn", "turn(1)"), Key("f1", "Help", "help")]
    # compact widths: 8, 9, 9, 11, 12, 8 = 57
    assert [k.description for k in fitted(keys, 57)[0]] == ["Save", "Close", "Damage", "Casualty", "Next turn", "Help"]
    assert [k.description for k in fitted(keys, 46)[0]] == ["Save", "Close", "Damage", "Casualty", "Help"]
    first = ("take(1)", "turn(1)")
    assert [k.description for k in fitted(keys, 46, first)[0]] == ["Save", "Close", "Damage", "Next turn", "Help"]
    assert [k.description for k in fitted(keys, 29, first)[0]] == ["Damage", "Next turn", "Help"]
    assert [k.description for k in fitted(keys, 20, first)[0]] == ["Damage", "Help"]


def test_a_warsurge_battle_at_160_columns_keeps_scoring_and_its_cp_keys_before_the_scenarios_others():
    """The keys in the order a Warsurge Advanced battle's footer gets them (the scenario's before the CP keys): at
    160 columns the CP keys were the ones dropped, though a game turn needs them (the player-tester's)."""
    from builder.games.warsurge.tui.battle import WarsurgeBattle
    from builder.tui.widgets.key_footer import fitted

    drawn = "^s Save,^z Undo,^y Redo,^w Close,- Damage,+ Heal,c Casualty,b Model back,r Restore unit,n Next turn"
    drawn += ",d Dice,k Share,s Spent,v Score VP,o Side out,w Declare winner,g Game over,i Scenario,m Roll CP"
    drawn += ",a Action,u Place,f1 Help"
    actions = dict(zip("vmau", ("score", "spend_roll", "spend_action", "spend_place"))) | {"f1": "help"}
    keys = [Key(key, words, actions.get(key, words)) for key, words in (k.split(" ", 1) for k in drawn.split(","))]
    shown = [key.description for key in fitted(keys, 160 - 14, WarsurgeBattle.FOOTER_FIRST)[0]]  # ^p palette: 14
    assert {"Score VP", "Roll CP", "Action", "Place", "Help"} <= set(shown) and "Scenario" not in shown


class Tipped(Screen):
    BINDINGS = [Binding("f2", "noop", "Menu", tooltip="Open the menu")]

    def compose(self):
        yield KeyFooter()


async def test_a_screen_opened_unfocused_draws_its_keys_and_on_a_phone_a_key_has_no_tooltip_over_its_notice():
    """In one app: a screen opened while the app has no focus (in a browser the app starts without it: textual-serve's
    page is not tapped yet) still draws its keys; and a footer key's tooltip, shown at 100 columns, is gone on a
    phone's 43, where it would stay over the notice its tap gives."""
    app = App()
    async with app.run_test(size=(100, 6)) as pilot:
        app.post_message(events.AppBlur())
        await pilot.pause()
        assert not app.app_focus
        await app.push_screen(Menu())
        await settle(pilot)
        footer = app.export_screenshot()
        assert "Menu" in footer and "palette" in footer

        app.post_message(events.AppFocus())
        await app.push_screen(Tipped())
        await settle(pilot)
        [menu] = [key for key in app.screen.query_one(KeyFooter).children if "Menu" in str(key.render())]
        assert menu.tooltip == "Open the menu"
        await pilot.resize_terminal(43, 6)  # a Pixel 7's terminal in the served builder
        await settle(pilot)
        [menu] = [key for key in app.screen.query_one(KeyFooter).children if "Menu" in str(key.render())]
        assert menu.tooltip is None
