"""What a catalogue's entries look like to its editor: the kinds of entry and each field's meaning, read from the
game's catalogue model (the file format), so the form follows the format and never needs a table of its own."""

from __future__ import annotations

import ast
import inspect
import itertools
import json
import re
import textwrap
import types
import typing
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from builder.numbers import typed_int
from catalog.errors import WarbenchError
from catalog.toml_input import parse_toml

HEADER = "catalogue"
"""The pseudo-kind of the catalogue's own keys (name, source, notes, the game's rule numbers)."""
MANAGED = ("id", "game", "revision", "changes", "extends")
"""Header keys the editor sets itself (id and game at creation; revision and changes when saving)."""


class FieldValueError(WarbenchError):
    """A value typed into the catalogue editor's form is not of the field's kind."""


@dataclass(frozen=True)
class FieldSpec:
    """One key of an entry: its name, what it means, what it holds, and the choices where the format has them."""

    key: str
    meaning: str
    shape: Literal["int", "float", "text", "bool", "choice", "ids", "list", "tables", "toml"]
    """How it is typed: a number, text, yes/no, one of `choices`, a list of ids or of names (comma-separated), rows
    each edited in a form of its `columns` (a warjack's weapons), or any TOML value."""
    required: bool
    choices: tuple[str, ...] = ()
    optional: bool = False
    """Whether the key may be left out (a None default: "none")."""
    minimum: float = 0
    """The smallest number the format allows (what a new entry starts with)."""
    written: str = "{}"
    """How the game writes the value ("{}+" for a roll to meet, shown as "5+")."""
    columns: tuple[FieldSpec, ...] = ()
    """For rows ("tables"): the fields of one row, each edited as an entry's field is."""


@dataclass(frozen=True)
class Kind:
    """A list of entries in a catalogue (`units`, `weapons`, …) and the fields of one entry."""

    key: str
    title: str
    fields: tuple[FieldSpec, ...]
    keyed_by: str
    """`id` for entries rosters name by id; `name` for explanations keyed by their name."""


def _plain(annotation: Any) -> tuple[Any, bool]:
    """An annotation without Optional/Annotated wrappers, and whether None was allowed."""
    optional = False
    while True:
        origin = typing.get_origin(annotation)
        if origin is typing.Annotated:
            annotation = typing.get_args(annotation)[0]
        elif origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(annotation) if a is not type(None)]
            optional = optional or len(args) < len(typing.get_args(annotation))
            if len(args) != 1:
                return annotation, optional
            annotation = args[0]
        else:
            return annotation, optional


@cache
def field_docs(model: type[BaseModel]) -> dict[str, str]:
    """The docstring under each field of a model and its bases (the file format documents itself that way)."""
    docs: dict[str, str] = {}
    for cls in reversed(model.__mro__):
        if not (isinstance(cls, type) and issubclass(cls, BaseModel)) or cls is BaseModel:
            continue
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
        except (OSError, TypeError, SyntaxError):
            continue
        body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
        for statement, following in itertools.pairwise(body):
            if (
                isinstance(statement, ast.AnnAssign)
                and isinstance(statement.target, ast.Name)
                and isinstance(following, ast.Expr)
                and isinstance(following.value, ast.Constant)
                and isinstance(following.value.value, str)
            ):
                docs[statement.target.id] = " ".join(following.value.value.split())
    return docs


def field_spec(key: str, info: FieldInfo, meaning: str = "") -> FieldSpec:
    """The form's view of one pydantic field."""
    annotation, optional = _plain(info.annotation)
    origin = typing.get_origin(annotation)
    meaning = meaning or (info.description or "").strip()
    required = info.is_required()
    minimum = next((float(m.ge) for m in info.metadata if getattr(m, "ge", None) is not None), 0.0)
    if origin is Literal:
        return FieldSpec(key, meaning, "choice", required, tuple(str(a) for a in typing.get_args(annotation)), optional)
    if annotation is bool:
        return FieldSpec(key, meaning, "bool", required, optional=optional)
    if annotation is int:
        extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
        written = str(extra.get("written", "{}"))
        return FieldSpec(key, meaning, "int", required, optional=optional, minimum=minimum, written=written)
    if annotation is float:
        return FieldSpec(key, meaning, "float", required, optional=optional, minimum=minimum)
    if annotation is str:
        return FieldSpec(key, meaning, "text", required, optional=optional)
    if (row := _entry_model(info)) is not None:
        row.model_rebuild()
        return FieldSpec(key, meaning, "tables", required, optional=optional, columns=tuple(_flattened(row)))
    if origin is list and _is_slug(typing.get_args(annotation)[0]):
        return FieldSpec(key, meaning, "ids", required, optional=optional)
    if origin is list and _plain(typing.get_args(annotation)[0])[0] is str:
        return FieldSpec(key, meaning, "list", required, optional=optional)
    return FieldSpec(key, meaning, "toml", required, optional=optional)


def _is_slug(annotation: Any) -> bool:
    """Whether a list item is an id (a pattern-checked string), listed comma-separated in the form."""
    if typing.get_origin(annotation) is not typing.Annotated or typing.get_args(annotation)[0] is not str:
        return False
    return any(getattr(meta, "pattern", None) for meta in typing.get_args(annotation)[1:])


def _entry_model(info: FieldInfo) -> type[BaseModel] | None:
    """The model of one entry when a field is a list of entries."""
    annotation, _ = _plain(info.annotation)
    if typing.get_origin(annotation) is list:
        item, _ = _plain(typing.get_args(annotation)[0])
        if isinstance(item, type) and issubclass(item, BaseModel):
            return item
    return None


def _flattened(model: type[BaseModel], prefix: str = "") -> list[FieldSpec]:
    """The fields of an entry; a stat line (a nested record of plain values) is spread into its own fields,
    keyed `stats.spd`, so each stat is typed on its own."""
    docs = field_docs(model)
    fields: list[FieldSpec] = []
    for name, info in model.model_fields.items():
        key = prefix + (info.alias or name)
        nested, _ = _plain(info.annotation)
        if isinstance(nested, type) and issubclass(nested, BaseModel) and not prefix and _flat(nested):
            nested.model_rebuild()
            fields += _flattened(nested, key + ".")
        else:
            fields.append(field_spec(key, info, docs.get(name, "")))
    return fields


def _flat(model: type[BaseModel]) -> bool:
    """Whether a record holds only plain values (numbers, text, choices)."""
    return all(
        field_spec(name, info).shape not in ("toml", "ids", "tables") for name, info in model.model_fields.items()
    )


@cache
def kinds_of(model: type[BaseModel]) -> tuple[Kind, ...]:
    """The catalogue's own keys first (as the pseudo-kind HEADER), then each list of entries, in file order."""
    header: list[FieldSpec] = []
    kinds: list[Kind] = []
    model.model_rebuild()
    for key, info in model.model_fields.items():
        name = info.alias or key
        if name in MANAGED:
            continue
        entry = _entry_model(info)
        if entry is None:
            header.append(field_spec(name, info, field_docs(model).get(key, "")))
            continue
        entry.model_rebuild()
        fields = tuple(_flattened(entry))
        keyed_by = "id" if any(f.key == "id" for f in fields) else "name"
        kinds.append(Kind(name, name.replace("_", " ").capitalize(), fields, keyed_by))
    return (Kind(HEADER, "Catalogue", tuple(header), "id"), *kinds)


def parse_value(spec: FieldSpec, text: str) -> Any:
    """What the player typed for a field, as the value to store; an empty entry clears an optional key (None)."""
    text = text.strip()
    if not text:
        if spec.shape in ("text", "ids", "list"):
            return "" if spec.shape == "text" else []
        if spec.optional or not spec.required:
            return None
        raise FieldValueError(f"{spec.key}: a value is needed")
    if spec.shape == "text":
        return text
    if spec.shape in ("ids", "list"):
        if text.startswith("["):
            return _toml_value(spec, text)
        return [part.strip() for part in text.split(",") if part.strip()]
    if spec.shape == "choice":
        if text not in spec.choices:
            raise FieldValueError(f"{spec.key}: one of {', '.join(spec.choices)}")
        return text
    if spec.shape == "bool":
        if text.lower() in ("yes", "true", "y", "1"):
            return True
        if text.lower() in ("no", "false", "n", "0"):
            return False
        raise FieldValueError(f"{spec.key}: yes or no")
    if spec.shape in ("int", "float"):
        text = text.removesuffix("+").strip()  # a roll to meet, as the game writes it: "5+"
    if spec.shape == "int":
        try:
            return typed_int(text)
        except ValueError:
            raise FieldValueError(f"{spec.key}: a whole number") from None
    if spec.shape == "float":
        try:
            if not text.isascii():  # float() reads "١٫٥" as 1.5
                raise ValueError(text)
            number = float(text)
        except ValueError:
            raise FieldValueError(f"{spec.key}: a number") from None
        return int(number) if number.is_integer() and "." not in text else number
    return _toml_value(spec, text)


def _toml_value(spec: FieldSpec, text: str) -> Any:
    return parse_toml(f"value = {text}", spec.key, FieldValueError, "catalogue")["value"]


def show_value(spec: FieldSpec, value: Any) -> str:
    """A stored value as the form shows it for editing (the inverse of `parse_value`)."""
    if value is None:
        return ""
    if spec.shape in ("ids", "list") and isinstance(value, list):
        if any("," in str(v) or str(v) != str(v).strip() for v in value):
            return inline_toml(value)  # a comma, or spaces that count (a grid row's gaps), survive only as TOML
        return ", ".join(str(v) for v in value)
    if spec.shape == "bool":
        return "yes" if value else "no"
    if spec.shape in ("toml", "tables"):
        return inline_toml(value)
    return spec.written.format(value) if spec.shape == "int" else str(value)


def stepped(spec: FieldSpec, text: str, by: int) -> str | None:
    """A number field's text after Up (+1) or Down (-1), written as the game writes it (a save stays "5+"); None when
    the text is not a number to step."""
    try:
        number = parse_value(spec, text)
    except FieldValueError:
        return None
    return show_value(spec, round((number or 0) + by, 9))  # 4.15 - 1 is 3.15, not 3.1500000000000004


def field_at(fields: tuple[FieldSpec, ...], key: str) -> FieldSpec:
    """The field a dotted key names among an entry's fields, through rows: `hardpoints.0.options.1.points` is the
    points of a hardpoint's option (a stat line's `stats.spd` is one field). KeyError when no field has it."""
    parts = key.split(".")
    for n in range(len(parts), 0, -1):
        spec = next((f for f in fields if f.key == ".".join(parts[:n])), None)
        rest = parts[n:]
        if spec is not None and not rest:
            return spec
        if spec is not None and spec.shape == "tables" and len(rest) > 1 and rest[0].isdigit():
            return field_at(spec.columns, ".".join(rest[1:]))
    raise KeyError(key)


def row_summary(spec: FieldSpec, row: dict[str, Any]) -> str:
    """One row as its list shows it: its name, then each value it has (`Ice Axe · melee · rng 1 · pow 14`;
    rows of its own are counted: `2 options`)."""
    parts = [str(row.get("name") or row.get("id") or "(no name)")]
    for column in spec.columns:
        value = row.get(column.key)
        if column.key in ("id", "name") or value in (None, "", [], {}):
            continue
        if column.shape == "tables" and isinstance(value, list):
            parts.append(f"{len(value)} {column.key}")
        elif column.shape == "choice":
            parts.append(str(value))
        else:
            parts.append(f"{column.key} {show_value(column, value)}")
    return " · ".join(parts)


BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def inline_toml(value: Any) -> str:
    """A value as TOML on one line (inline tables and arrays), for a one-line form field."""
    if isinstance(value, dict):
        pairs = ", ".join(f"{k if BARE_KEY.match(k) else json.dumps(k)} = {inline_toml(v)}" for k, v in value.items())
        return f"{{ {pairs} }}" if pairs else "{}"
    if isinstance(value, list):
        return "[" + ", ".join(inline_toml(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return repr(value)
