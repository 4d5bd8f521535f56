"""Keys as the help screen and the palette name them: as printed on the keyboard, not Textual's key names."""

from builder.tui.keys import key_label


def test_keys_are_named_as_the_keyboard_prints_them():
    assert key_label("f1,question_mark") == "F1 / ?"
    assert key_label("ctrl+s") == "Ctrl+S"
    assert key_label("right_square_bracket") == "]" and key_label("left_square_bracket") == "["
    assert key_label("plus,equals_sign") == "+ / =" and key_label("minus") == "-"
    assert key_label("delete,x") == "Del / x" and key_label("escape") == "Esc" and key_label("enter") == "Enter"
    assert (
        key_label("shift+tab") == "Shift+Tab" and key_label("pagedown") == "Pagedown" and key_label("space") == "Space"
    )


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
