"""A Warsurge unit in the inspector: models and weapon quantities (stepped or typed), its points against the
unit and model minimums with the numbers, its transport key and where it embarks; and the settings line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.editing.base import Choice, ChoicePrompt, Inspection, InspectorRow, Meter, index_of
from builder.editing.stepping import SETTINGS, Ask, whole_number
from builder.games.warsurge.points import below, exceeds
from builder.games.warsurge.roster import WarsurgeRoster, WarsurgeRosterUnit
from builder.points import show
from builder.spans import Spans, after_first_line, error, joined, ok, spans, title
from catalog.slug import slugify
from catalog.wording import counted

if TYPE_CHECKING:
    from builder.games.warsurge.catalogue import WarsurgeCatalogue, WarsurgeUnit
    from builder.games.warsurge.rules import WarsurgeTotals

MOST = 100_000
"""The most models or weapons one unit may hold (the roster format's bound)."""
LIMIT_STEP = 50


class UnitMixin:
    """Inspector rows, choices and edits of one unit and of the settings line (needs the adapter's figures)."""

    if TYPE_CHECKING:
        catalogue: WarsurgeCatalogue

        def figures(self, roster: WarsurgeRoster) -> WarsurgeTotals: ...
        def unit_name(self, unit: WarsurgeRosterUnit) -> str: ...
        def unit_detail(self, entry: WarsurgeUnit) -> Spans: ...

    def _unit(self, roster: WarsurgeRoster, key: str) -> tuple[int, WarsurgeRosterUnit, WarsurgeUnit | None]:
        i = index_of(key, "units")
        unit = roster.units[i]
        return i, unit, self.catalogue.unit(unit.id)

    def load(self, roster: WarsurgeRoster, figures: WarsurgeTotals, t: int) -> tuple[float, list[str]]:
        """Points of units embarked in units[t], and their names."""
        key = roster.units[t].key
        riders = [i for i, u in enumerate(roster.units) if key is not None and u.embarked_in == key and i != t]
        return (
            sum(figures.unit_points[i].points_exact for i in riders),
            [self.unit_name(roster.units[i]) for i in riders],
        )

    # -- the inspector -------------------------------------------------------------------
    def inspect(self, roster: WarsurgeRoster, key: str) -> Inspection | None:
        if key == SETTINGS:
            return self.inspect_settings(roster)
        try:
            i, unit, entry = self._unit(roster, key)
        except (ValueError, IndexError):
            return None
        figures = self.figures(roster)
        meter = Meter("Roster", figures.points, figures.point_limit)
        if entry is None:
            return Inspection(spans(title(unit.id), " (not in this catalogue: it counts 0 points)"), meter=meter)
        points = figures.unit_points[i].points_exact
        rows = [
            InspectorRow(
                "models", "Models", f"{unit.models} × {show(entry.points)} = {show(unit.models * entry.points)} pts"
            )
        ]
        for weapon_id in [*entry.weapons, *(w for w in unit.weapons if w not in entry.weapons)]:
            weapon = self.catalogue.weapon(weapon_id)
            quantity = unit.weapons.get(weapon_id, 0)
            value = (
                f"{quantity} × {show(weapon.points)} = {show(quantity * weapon.points)} pts"
                if weapon
                else f"{quantity} (unknown weapon)"
            )
            rows.append(
                InspectorRow(
                    f"weapons.{weapon_id}",
                    weapon.name if weapon else weapon_id,
                    value,
                    clearable=weapon_id in unit.weapons,
                )
            )
        rows.append(InspectorRow("label", "Name", unit.label or "— the catalogue's —", clearable=bool(unit.label)))
        if entry.transport or unit.key:
            rows.append(
                InspectorRow("key", "Transport key", unit.key or "— none yet —", clearable=unit.key is not None)
            )
        transports = [
            t for t, u in enumerate(roster.units) if t != i and getattr(self.catalogue.unit(u.id), "transport", 0) > 0
        ]
        if transports or unit.embarked_in:
            carrier = next((u for u in roster.units if u.key == unit.embarked_in), None)
            where = (
                "— not embarked —"
                if unit.embarked_in is None
                else f"{self.unit_name(carrier)} ({unit.embarked_in})"
                if carrier
                else f"'{unit.embarked_in}' (no such key)"
            )
            rows.append(InspectorRow("embarked_in", "Embarked in", where, clearable=unit.embarked_in is not None))
        heading = joined(
            [
                spans(title(self.unit_name(unit)), f" ×{unit.models} · {show(points)} pts"),
                self.minimums(unit, entry, points),
            ]
        )
        text = [after_first_line(self.unit_detail(entry))]
        if entry.transport:
            load, names = self.load(roster, figures, i)
            over = exceeds(load, entry.transport)
            text.insert(
                0,
                spans(
                    f"Carries {show(load)} of {entry.transport} points ",
                    error("over") if over else "",
                    " " if over else "",
                    f"({', '.join(names) or 'nobody yet'}).",
                ),
            )
        return Inspection(heading, joined(text), tuple(rows), meter)

    def minimums(self, unit: WarsurgeRosterUnit, entry: WarsurgeUnit, points: float) -> Spans:
        """The unit and model minimums with this unit's numbers: one line when met, the sums when they bite."""
        rules = self.catalogue.rules
        lines = []
        if below(points, rules.unit_minimum):
            short = rules.unit_minimum - points
            lines.append(
                spans(
                    error("✖ Unit minimum:"),
                    f" worth {counted(show(points), 'point')}, "
                    f"{show(short)} short of the {show(rules.unit_minimum)} every unit needs: add models ({show(entry.points)} each) "
                    "or weapons.",
                )
            )
        share = points / unit.models if unit.models >= 1 else None
        if share is not None and below(share, rules.model_minimum):
            lines.append(
                spans(
                    error("✖ Model minimum:"),
                    f" {show(points)} ÷ {unit.models} models = {show(share)} "
                    f"per model with weapons; each must be worth at least {show(rules.model_minimum)}.",
                )
            )
        if not lines:
            per = f" · {show(share)}/model ≥ {show(rules.model_minimum)}" if share is not None else ""
            lines.append(spans(ok("✔"), f" {show(points)} ≥ {show(rules.unit_minimum)} unit minimum{per}"))
        return joined(lines)

    # -- choices and edits -------------------------------------------------------------------
    def choices(self, roster: WarsurgeRoster, key: str, row: str) -> ChoicePrompt | None:
        if key == SETTINGS or row != "embarked_in":
            return None
        i, unit, _entry = self._unit(roster, key)
        figures = self.figures(roster)
        mine = figures.unit_points[i].points_exact
        options = [Choice(None, "— not embarked —", current=unit.embarked_in is None)]
        for t, other in enumerate(roster.units):
            capacity = getattr(self.catalogue.unit(other.id), "transport", 0)
            if t == i or capacity <= 0:
                continue
            load, _names = self.load(roster, figures, t)
            inside = unit.key is not None and unit.embarked_in == other.key
            after = load + (0 if inside else mine)
            reason = f"{show(after)} of {capacity}: over its Transport" if exceeds(after, capacity) else ""
            options.append(
                Choice(
                    f"units[{t}]",
                    self.unit_name(other),
                    f"carries {show(load)}/{capacity} pts" + (f" · key {other.key}" if other.key else ""),
                    reason,
                    other.key is not None and unit.embarked_in == other.key,
                )
            )
        return ChoicePrompt(f"Embark {self.unit_name(unit)} ({show(mine)} pts) in…", tuple(options))

    def choose(self, roster: WarsurgeRoster, key: str, row: str, choice: str | None) -> None:
        _i, unit, _entry = self._unit(roster, key)
        if row != "embarked_in":
            raise ValueError(f"nothing to choose at {row}")
        if choice is None:
            unit.embarked_in = None
            return
        transport = roster.units[index_of(choice, "units")]
        if transport is unit:
            raise ValueError("a unit cannot embark in itself")
        if transport.key is None:
            taken = {u.key for u in roster.units}
            base = slugify(self.unit_name(transport)) or "transport"
            transport.key = next(k for k in (base, *(f"{base}-{n}" for n in range(2, 1000))) if k not in taken)
        unit.embarked_in = transport.key

    def clear(self, roster: WarsurgeRoster, key: str, row: str) -> None:
        if key == SETTINGS:
            raise ValueError("the point limit stays: type a new one")
        _i, unit, _entry = self._unit(roster, key)
        head, _, weapon = row.partition(".")
        if head == "weapons":
            unit.weapons = {w: q for w, q in unit.weapons.items() if w != weapon}
        elif row in ("embarked_in", "key"):
            setattr(unit, row, None)
        elif row == "label":
            unit.label = ""
        else:
            raise ValueError("nothing to remove there")

    def step(self, roster: WarsurgeRoster, key: str, row: str, delta: int) -> bool:
        if key == SETTINGS:
            if row != "point_limit":
                return False
            roster.point_limit = max(0, roster.point_limit + delta * LIMIT_STEP)
            return True
        _i, unit, _entry = self._unit(roster, key)
        head, _, weapon = row.partition(".")
        if row == "models":
            if unit.models + delta < 1:
                raise ValueError("a unit has at least one model (Del removes the unit from the roster list)")
            unit.models = min(unit.models + delta, MOST)
            return True
        if head == "weapons":
            self._set_weapon(unit, weapon, max(0, unit.weapons.get(weapon, 0) + delta))
            return True
        return False

    def _set_weapon(self, unit: WarsurgeRosterUnit, weapon: str, quantity: int) -> None:
        weapons = dict(unit.weapons)
        if quantity > 0:
            weapons[weapon] = quantity
        else:
            weapons.pop(weapon, None)
        entry = self.catalogue.unit(unit.id)
        order = entry.weapons if entry else []
        unit.weapons = dict(sorted(weapons.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else 99))

    def ask(self, roster: WarsurgeRoster, key: str, row: str) -> Ask | None:
        if key == SETTINGS:
            return Ask("Point limit", str(roster.point_limit), "Point limit:", True) if row == "point_limit" else None
        _i, unit, _entry = self._unit(roster, key)
        head, _, weapon = row.partition(".")
        if row == "models":
            return Ask("Models", str(unit.models), "How many models:", True)
        if head == "weapons":
            found = self.catalogue.weapon(weapon)
            name = found.name if found else weapon
            return Ask("Weapons", str(unit.weapons.get(weapon, 0)), f"How many {name}:", True)
        if row == "label":
            return Ask("Unit name", unit.label, "Your name for this unit (empty: the catalogue's):")
        if row == "key":
            return Ask("Transport key", unit.key or "", "A short handle units embark by (letters, digits, -):")
        return None

    def answer(self, roster: WarsurgeRoster, key: str, row: str, text: str) -> None:
        if key == SETTINGS:
            roster.point_limit = whole_number(text, 0, 10_000_000, "The point limit")
            return
        _i, unit, _entry = self._unit(roster, key)
        head, _, weapon = row.partition(".")
        if row == "models":
            unit.models = whole_number(text, 0, MOST, "Models")
        elif head == "weapons":
            self._set_weapon(unit, weapon, whole_number(text, 0, MOST, "The quantity"))
        elif row == "label":
            unit.label = text.strip()
        elif row == "key":
            new = slugify(text) or None
            old = unit.key
            if new is not None and any(u.key == new for u in roster.units if u is not unit):
                raise ValueError(f"another unit has the key '{new}'")
            unit.key = new
            for other in roster.units:
                if old is not None and other.embarked_in == old:
                    other.embarked_in = new  # passengers follow their transport's new key
        else:
            raise ValueError(f"cannot type into '{row}'")

    def inspect_settings(self, roster: WarsurgeRoster) -> Inspection:
        figures = self.figures(roster)
        rules = self.catalogue.rules
        rows = (InspectorRow("point_limit", "Point limit", f"{roster.point_limit} points · {figures.game_size} game"),)
        text = (
            f"Battlefield {figures.battlefield} ({figures.battlefield_size}); at most {figures.max_units} "
            f"units of {show(rules.unit_minimum)} points; {figures.cp_dice} CP dice in advanced games.\n"
            f"Every unit must be worth at least {show(rules.unit_minimum)} points and every model at least "
            f"{show(rules.model_minimum)} (weapons included).\n+/- steps {LIMIT_STEP} points; Enter or a digit types it."
        )
        return Inspection(
            spans(title("Settings"), f"  {roster.point_limit}-point roster"),
            spans(text),
            rows,
            Meter("Points", figures.points, figures.point_limit),
        )
