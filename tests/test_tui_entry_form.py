"""The catalogue editor's form: moving to another entry of the same kind shows its values in the same rows, and
showing a value is never taken for the player's edit."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Input, Select

from builder.editing.catalogue_form import FieldSpec
from builder.tui.widgets.entry_form import EntryForm, FieldRow, field_id

NAME = FieldSpec("name", "What it is called.", "text", True)
COST = FieldSpec("cost", "Points.", "int", True)
SIZE = FieldSpec("size", "How big.", "choice", False, choices=("small", "large"))
FIELDS = (NAME, COST, SIZE)


class FormOnly(App):
    def __init__(self) -> None:
        super().__init__()
        self.edits: list[tuple[str, str]] = []

    def compose(self):
        yield EntryForm()

    def on_entry_form_edited(self, event: EntryForm.Edited) -> None:
        self.edits.append((event.spec.key, event.text))


def shown(app) -> list[str]:
    form = app.query_one(EntryForm)
    values = [form.query_one(f"#{field_id(spec.key)}").value for spec in FIELDS]
    return ["" if value is Select.NULL else str(value) for value in values]


async def test_the_form_keeps_its_rows_for_an_entry_of_the_same_kind_and_never_takes_what_it_shows_for_an_edit():
    """One form, in turn: another entry of the same kind is shown in the same rows and edits nothing; an entry with
    other fields gets new rows and a refused text is put back; a required choice an entry lacks or misnames shows none
    and moving on never fails."""
    app = FormOnly()
    async with app.run_test(size=(80, 24)) as pilot:
        form = app.query_one(EntryForm)

        # Another entry of the same kind: the same rows, and showing it edits nothing
        await form.show("Units: Ranger", [(NAME, "Ranger", ()), (COST, 3, ()), (SIZE, "small", ())], read_only=False)
        await pilot.pause()
        rows = list(form.query(FieldRow))
        await form.show("Units: Brute", [(NAME, "Brute", ()), (COST, 7, ()), (SIZE, None, ())], read_only=False)
        await form.show("Units: Ogre", [(NAME, "Ogre", ()), (COST, 9, ()), (SIZE, "large", ())], read_only=False)
        await pilot.pause()
        assert list(form.query(FieldRow)) == rows and form.border_title == "Units: Ogre"
        assert shown(app) == ["Ogre", "9", "large"]
        assert app.edits == []  # the choices set by showing (small → none → large) are not the player's
        form.query_one(f"#{field_id('size')}", Select).value = "small"  # the player's own choice is
        await pilot.pause()
        assert app.edits == [("size", "small")]

        # Other fields (read-only, or of another kind): new rows; a refused text is put back
        await form.show("Inherited Ranger", [(NAME, "Ranger", ()), (COST, 3, ()), (SIZE, "small", ())], read_only=True)
        await pilot.pause()
        fresh = list(form.query(FieldRow))
        assert not set(fresh) & set(rows) and all(form.query_one(f"#{field_id(s.key)}").disabled for s in FIELDS)
        await form.show("Weapons: Axe", [(NAME, "Axe", ()), (COST, 1, ())], read_only=False)
        await pilot.pause()
        assert [row.spec.key for row in form.query(FieldRow)] == ["name", "cost"]
        cost = form.query_one(f"#{field_id('cost')}", Input)
        cost.value = "lots"
        form.show_stored(COST)
        assert cost.value == "1"

        # Ctrl+Down jumps past the one-line fields to the list of rows (a warjack's hardpoints), and round again
        arms = FieldSpec("weapons", "What it carries.", "tables", False, columns=(NAME, COST))
        fields = [(NAME, "Ogre", ()), (arms, [{"name": "Club", "cost": 1}], ()), (COST, 9, ())]
        await form.show("Units: Ogre", fields, read_only=False)
        await pilot.pause()
        form.query_one(f"#{field_id('name')}").focus()
        await pilot.press("ctrl+down")
        assert app.focused is form.query_one(f"#{field_id('weapons')}")
        await pilot.press("ctrl+down")  # from the last list, the first: the only one again
        assert app.focused is form.query_one(f"#{field_id('weapons')}")

        # A required choice the entry lacks or misnames shows none, and moving on never fails
        app.edits.clear()
        kind = FieldSpec("kind", "What sort of unit.", "choice", True, choices=("infantry", "vehicle"))
        for value, chosen in [
            ("vehicle", "vehicle"),
            (None, Select.NULL),
            ("tank", Select.NULL),
            ("infantry", "infantry"),
        ]:
            await form.show("Units", [(NAME, "Ranger", ()), (kind, value, ())], read_only=False)
            await pilot.pause()
            assert form.query_one(f"#{field_id('kind')}", Select).value == chosen, value
        assert app.edits == []
        form.query_one(f"#{field_id('name')}", Input).focus()
        await pilot.pause()
        await form.show("Units: other", [(NAME, "Brute", ()), (kind, "vehicle", ())], read_only=False)
        app.set_focus(None)  # the name field left after the form moved on: nothing typed, nothing edited
        await pilot.pause()
        assert app.edits == []
