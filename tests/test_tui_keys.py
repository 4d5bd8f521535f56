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
