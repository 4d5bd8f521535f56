"""An open catalogue being edited: its entries, live checks, undo and redo, recovery, and saves that keep comments."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

from builder.editing.catalogue_form import HEADER, FieldSpec, Kind, field_at, kinds_of
from builder.editing.catalogue_problems import Problem, checked
from builder.editing.catalogue_references import ids_in, refusal_to_remove, replace_references
from builder.editing.catalogue_values import (
    CatalogueEditError,
    EntryRow,
    blank,
    entry_rows,
    fresh_id,
    refuse_hidden,
    toml_text,
    value_at,
)
from builder.editing.document import DocumentSession
from builder.editing.history import History
from builder.editing.on_disk import ChangedOnDisk, OnDisk, changed_since
from builder.editing.storage import Store
from builder.editing.toml_layout import with_comments
from builder.game import GAMES
from catalog.errors import CatalogueError
from catalog.files import write_atomic
from catalog.loader import catalogue_toml, content_hash, with_base
from catalog.overlay import Data, entry_key, merge_onto
from catalog.slug import slugify
from catalog.toml_input import read_toml_text


class CatalogueSession(DocumentSession[Data]):
    """One catalogue file's own data being edited; every change is one undo step, rechecked and autosaved."""

    autosave_at_once = False

    def __init__(self, data: Data, path: Path | None, store: Store, *, saved_text: str | None = None) -> None:
        super().__init__(data, path, store, saved_text=saved_text)
        self.renamed: dict[str, str] = {}
        self.removed: list[str] = []
        self._saved_ids = ids_in(data) if saved_text is not None else set()
        self.model = GAMES[data["game"]].catalogue_model
        self.kinds: tuple[Kind, ...] = kinds_of(self.model)
        self.kinds_by_key = {kind.key: kind for kind in self.kinds[1:]}
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = []
        """What `catalog check` warns of: said, but nothing stops a roster on the catalogue (nor a save)."""
        self._base: Data | None = None
        self.on_disk: OnDisk | None = None
        """The file as it was opened or last saved here: a save over anything else asks first."""
        self.check()

    @classmethod
    def open(cls, path: Path, store: Store) -> CatalogueSession:
        """A catalogue file to edit (its own keys only, when it builds on another)."""
        seen = OnDisk.of(path)
        data = catalogue_toml(read_toml_text(path, CatalogueError, "catalogue"), str(path))
        if data.get("game") not in GAMES:
            raise CatalogueError(f"{path}: game: expected one of {', '.join(GAMES)}")
        session = cls(data, path, store, saved_text=toml_text(data))
        session.on_disk = seen
        return session

    @classmethod
    def new(cls, game: str, name: str, path: Path, store: Store, *, extends: str | None = None) -> CatalogueSession:
        """A new, empty catalogue (or one building on `extends`) to be saved at `path`."""
        ident = slugify(name)
        if not ident:
            raise CatalogueEditError(f"{name!r}: a catalogue needs a name with letters or digits")
        data: Data = {"id": ident, "game": game, "name": name, "revision": 1}
        if extends:
            data["extends"] = extends
        return cls(data, path, store)

    # -- reading -------------------------------------------------------------------------------------------

    @property
    def game(self) -> str:
        return str(self.data["game"])

    @property
    def data(self) -> Data:
        return self.document

    @data.setter
    def data(self, data: Data) -> None:
        self.document = data

    @property
    def name(self) -> str:
        return str(self.data.get("name", "")) or "this catalogue"

    def kind(self, key: str) -> Kind:
        return self.kinds[0] if key == HEADER else self.kinds_by_key[key]

    def entries(self, kind: str, text: str = "") -> list[EntryRow]:
        """The entries of one kind whose id or name contains `text` (the base's too, marked inherited)."""
        base = (self.base_data() or {}).get(kind, [])
        return entry_rows(self.data.get(kind, []), base, self.kind(kind).keyed_by, text)

    def entry(self, kind: str, index: int) -> Data:
        """One entry's keys (for the header pseudo-kind, the catalogue's own keys)."""
        return self.data if kind == HEADER else self.data[kind][index]

    def value(self, kind: str, index: int, key: str) -> Any:
        """A field's value; `stats.spd` reads inside a nested table."""
        return value_at(self.entry(kind, index), key)

    def suggestions(self, spec: FieldSpec) -> tuple[str, ...]:
        """What a field may name, where the format has choices: its literal values, or the ids of the kind of
        entry it refers to (`weapons` → the weapons, `faction` → the factions, `perks` → explained perks)."""
        if spec.choices:
            return spec.choices
        if spec.shape not in ("ids", "text", "toml"):
            return ()
        merged = self.merged()
        for kind in (spec.key, spec.key + "s", spec.key + "es"):
            items = merged.get(kind)
            if kind in self.kinds_by_key and isinstance(items, list):
                return tuple(str(entry_key(i)) for i in items if entry_key(i) is not None)
        return ()

    def merged(self) -> Data:
        """This catalogue as the loader sees it: over its base, if it builds on one."""
        base = self.base_data()
        return self.data if base is None else merge_onto(base, self.data)

    def base_data(self) -> Data | None:
        """The data of the catalogue this one builds on (read once), or None."""
        ref = self.data.get("extends")
        if not isinstance(ref, str):
            return None
        if self._base is None:
            probe = {"game": self.game, "extends": ref}
            self._base = with_base(probe, self.source, self.path.parent if self.path else None)
            self._base.pop("extends", None)
        return self._base

    # -- checking ------------------------------------------------------------------------------------------

    def check(self) -> None:
        """`catalog check`'s problems and warnings for the data as it stands, each located in this file's own
        entries (warnings once there are no problems: they are asked of the catalogue as it loads)."""
        self.problems, self.warnings = checked(self)

    @property
    def source(self) -> str:
        return str(self.path) if self.path else "new catalogue"

    # -- editing -------------------------------------------------------------------------------------------

    def _change(self, label: str, edit: Any) -> Any:
        before = copy.deepcopy(self.data)
        try:
            result = edit()
        except Exception:
            self.data = before
            raise
        self._commit(label, before, self.data)
        return result

    def dump(self, document: Data) -> str:
        return toml_text(document)

    def recovered(self, text: str) -> Data:
        return catalogue_toml(text, "recovery file")

    def set_value(self, kind: str, index: int, key: str, value: Any, *, label: str = "") -> None:
        """Set one field (None leaves the key out; `stats.spd` sets inside a nested table, made when needed and
        left out once empty; `weapons.0.pow` sets a field of a row); `label` names the change for undo."""
        if value_at(self.entry(kind, index), key) == value:
            return
        refuse_hidden(key.rpartition(".")[2], value)

        def edit() -> None:
            *tables, last = key.split(".")
            target: Any = self.entry(kind, index)
            chain = [target]
            for name in tables:
                target = target[int(name)] if isinstance(target, list) else target.setdefault(name, {})
                chain.append(target)
            if value is None:
                target.pop(last, None)
            else:
                target[last] = value
            for parent, name, table in zip(reversed(chain[:-1]), reversed(tables), reversed(chain[1:])):
                if isinstance(parent, dict) and not table:
                    del parent[name]

        self._change(label or f"{key} of {self.label(kind, index)}", edit)

    def field(self, kind: str, key: str) -> FieldSpec:
        """The field a dotted key of an entry names, through rows (`hardpoints.0.options`)."""
        try:
            return field_at(self.kind(kind).fields, key)
        except KeyError:
            raise CatalogueEditError(f"{kind} entries have no field {key}") from None

    def add(self, kind: str, name: str) -> int:
        """A new entry named `name` (its id the slug of the name, made unique); its index."""
        spec = self.kind(kind)
        refuse_hidden("name", name)
        entry: Data = {"name": name}
        if spec.keyed_by == "id":
            entry = {"id": fresh_id(slugify(name), self.merged().get(kind, [])), **entry}
        elif any(str(e.get("name")) == name for e in self.data.get(kind, [])):
            raise CatalogueEditError(f"{name!r} is already in {spec.title.lower()}")
        for field in spec.fields:
            if field.required and field.key not in entry:
                named = self.suggestions(field) if field.shape == "text" else ()
                entry[field.key] = named[0] if len(named) == 1 else blank(field)  # the only faction there is
        self._change(f"add {name}", lambda: self.data.setdefault(kind, []).append(entry))
        return len(self.data[kind]) - 1

    def duplicate(self, kind: str, index: int) -> int:
        """A copy of an entry after it, under a fresh id and name; its index."""
        original = self.entry(kind, index)
        copied = copy.deepcopy(original)
        copied["name"] = f"{original.get('name', '')} (copy)"
        if self.kind(kind).keyed_by == "id":
            copied["id"] = fresh_id(slugify(copied["name"]), self.merged().get(kind, []))
        self._change(f"duplicate {original.get('name')}", lambda: self.data[kind].insert(index + 1, copied))
        return index + 1

    def override(self, kind: str, key: str) -> int:
        """This catalogue's own copy of an entry of its base, under the same id (so it replaces the base's); its
        index."""
        keyed_by = self.kind(kind).keyed_by
        entry = next((e for e in (self.base_data() or {}).get(kind, []) if str(e.get(keyed_by)) == key), None)
        if entry is None:
            raise CatalogueEditError(f"{key!r} is not an entry of the catalogue this one builds on")
        if any(str(e.get(keyed_by)) == key for e in self.data.get(kind, [])):
            raise CatalogueEditError(f"{key!r} is already this catalogue's own")
        copied = copy.deepcopy(entry)
        self._change(f"your own {entry.get('name', key)}", lambda: self.data.setdefault(kind, []).append(copied))
        return len(self.data[kind]) - 1

    def remove(self, kind: str, index: int) -> None:
        """Remove an entry; refused, with who uses it, while another entry of the catalogue names it."""
        gone = self.entry(kind, index)
        key = str(entry_key(gone))
        if reason := self.refusal_to_remove(kind, index):
            raise CatalogueEditError(reason)

        def edit() -> None:
            del self.data[kind][index]
            saved = next((old for old, new in self.renamed.items() if new == key), key)
            if self.kind(kind).keyed_by == "id" and saved in self._saved_ids and saved not in self.removed:
                self.removed.append(saved)
                self.renamed.pop(saved, None)

        self._change(f"remove {gone.get('name', key)}", edit)

    def rename(self, kind: str, index: int, name: str) -> str:
        """Give an entry a new name and the id that name makes; references in this catalogue follow, and the
        change log records old → new so that rosters naming the old id are migrated when they load. The new id."""
        refuse_hidden("name", name)
        entry = self.entry(kind, index)
        old = str(entry.get("id", ""))
        new = slugify(name) if self.kind(kind).keyed_by == "id" else ""
        if self.kind(kind).keyed_by == "id":
            if not new:
                raise CatalogueEditError(f"{name!r}: a name needs letters or digits to make an id")
            if new != old and any(e.get("id") == new for e in self.data.get(kind, [])):
                raise CatalogueEditError(f"{new!r} is already the id of another entry: choose another name")

        def edit() -> None:
            target = self.entry(kind, index)
            target["name"] = name
            if new and new != old:
                target["id"] = new
                replace_references(self.data, old, new, skip=target)
                self.renamed = {k: (new if v == old else v) for k, v in self.renamed.items()}
                if old in self._saved_ids:  # an id no saved revision had needs no migrating
                    self.renamed[old] = new

        self._change(f"rename {old or entry.get('name')} to {name}", edit)
        return new

    def refusal_to_remove(self, kind: str, index: int) -> str | None:
        """Why an entry cannot be removed (another entry uses it), or None."""
        return refusal_to_remove(self.data, [spec.key for spec in self.kinds[1:]], kind, index)

    def label(self, kind: str, index: int) -> str:
        """How an undo step names the entry it changed."""
        return "the catalogue" if kind == HEADER else str(self.entry(kind, index).get("name", kind))

    # -- saving --------------------------------------------------------------------------------------------

    def changed_since_saved(self) -> bool:
        """Whether the content (not just layout) differs from the file as it was opened or last saved."""
        if self._saved_text is None:
            return True
        return content_hash(tomllib.loads(self._saved_text)) != content_hash(self.data)

    def save(self, note: str = "", path: Path | None = None, *, bump: bool = True, overwrite: bool = False) -> Path:
        """Write the catalogue atomically, keeping the comments of the file it replaces. Changed content raises the
        revision (unless `bump` is False) and records `note`, renames and removals in its change log. Undo goes back
        no further than this save: undoing into a revision already written would write its number again over other
        content, and lose the renames that rosters of it are migrated by."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise CatalogueEditError("this catalogue has no file yet: choose where to save it")
        if not overwrite and target == self.path and changed_since(target, self.on_disk):
            raise ChangedOnDisk(
                f"{target.name} was changed on disk since it was opened here: reload it (dropping the changes made "
                "here), keep both (yours saved beside it), or overwrite it"
            )
        data = copy.deepcopy(self.data)
        if bump and self._saved_text is not None and self.changed_since_saved():
            data["revision"] = int(data.get("revision", 1)) + 1
            change: Data = {"revision": data["revision"]}
            if self.renamed:
                change["renamed"] = dict(self.renamed)
            if self.removed:
                change["removed"] = list(self.removed)
            if note.strip():
                change["note"] = " ".join(note.split())
            data.setdefault("changes", []).append(change)
        write_atomic(target, with_comments(target, data, {new: old for old, new in self.renamed.items()}))
        self.on_disk = OnDisk.of(target)
        old = self.path
        self.data, self.path = data, target
        self._saved(old)
        self._saved_ids = ids_in(data)
        self.renamed, self.removed = {}, []
        self.history = History()  # undo stops at a save: its revision and change log are written
        self.check()
        return target
