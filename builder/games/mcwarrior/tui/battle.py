"""McWarrior's battle screen: mechs lose points from their body parts, take critical hits, run hot, use their
upgrades and, under a scenario's Respawn rule, self-destruct."""

from __future__ import annotations

from typing import cast

from textual import work
from textual.binding import Binding
from textual.content import Content

from builder.battles.model import UnitMark
from builder.battles.tracks import UnitState
from builder.editing.base import Choice
from builder.games.mcwarrior.marks import critical, heat, hit, self_destruct, use_upgrade, warbench_dice
from builder.games.mcwarrior.mech_report import shields_words, wrecked_words
from builder.games.mcwarrior.mech_state import MechState, heat_words, mech_state
from builder.games.mcwarrior.overheat import Check, no_die_due, overheated_by
from builder.games.mcwarrior.track import MechTrack
from builder.games.mcwarrior.upgrade_use import refusal, use
from builder.tui.screens.battle import BattleScreen
from builder.tui.screens.battle_keys import RESTORE_KEY, TABLE_KEYS
from builder.tui.screens.battle_scenario import SCENARIO_BINDINGS


def mech_line(state: UnitState, short: bool = False) -> str:
    """A mech's heat against its capacity (and by how much it is overheated, or shut down by it), and its upgrades
    lost (counted when `short`); in full, its shields' levels too (the row shows them beside its points:
    `shield_tag`)."""
    state = mech_state(state)
    numbers = state.derived
    over = f" OVERHEATED +{numbers['overheated']}" if numbers.get("overheated") else ""
    if numbers.get("shut_down"):  # the row says it short (the overheat with it), the panel until when
        over = " SHUT DOWN" if short else f"{over} · SHUT DOWN until heat {numbers['cool_to']}"
    lost = list(numbers.get("upgrades_lost", {}).values())
    said = f" · {len(lost)} upgrade{'s' if len(lost) > 1 else ''} lost" if short else f" · lost: {', '.join(lost)}"
    shield = "" if short else "".join(f" · {words}" for words in shields_words(cast(MechTrack, state.track), state))
    return f"{heat_words(state)}{over}{shield}{said if lost else ''}"


def shield_tag(state: UnitState) -> str:
    """A mech's shield levels left of those bought, all its shields together ("  shield 1/2"), and its rockets left
    ("  rockets 4/6"); "" without either, or for a wreck (nothing of it works until it redeploys)."""
    state = mech_state(state)
    if state.destroyed:
        return ""
    levels = list(state.derived.get("shields", {}).values())
    shield = f"  shield {sum(n['left'] for n in levels)}/{sum(n['of'] for n in levels)}" if levels else ""
    rockets = state.derived.get("rockets")
    return shield + (f"  rockets {rockets['left']}/{rockets['of']}" if rockets else "")


def hits_hint(state: UnitState, part: str, hits: int) -> str:
    """Where `hits` on `part` go, as `MechTrack.struck` takes them: the shields' levels left first, then what the
    working Additional Armor stops, then the part, the excess to the torso."""
    state = mech_state(state)
    track, numbers = cast(MechTrack, state.track), state.derived
    shield = sum(n["left"] for n in numbers.get("shields", {}).values())
    working = [slot for slot in track.hit_stops if slot in track.upgrades and slot not in numbers["upgrades_lost"]]
    past = max(hits - shield, 0)
    stopped = min(past, sum(track.hit_stops[slot] for slot in working))
    said = [f"{min(hits, shield)} on the shield first"] if shield else []
    if stopped:
        said.append(f"{stopped} stopped by {' and '.join(track.upgrades[slot][0] for slot in working)}")
    if part != track.torso and past - stopped > state.parts_left[part]:  # the torso's own excess goes nowhere
        said.append("excess goes to the torso")
    return ", ".join(said)


def upgrade_hint(track: MechTrack, state: UnitState, slot: str) -> str:
    """What using the upgrade on `slot` does, as the use dialog says it."""
    state = mech_state(state)
    numbers = state.derived
    if slot in numbers.get("upgrades_lost", {}):
        return "destroyed"
    if slot in track.heat_resets:
        return "used (once a game)" if numbers.get("heat_exchanger_used") else "heat to 0, once a game"
    over = numbers.get("overheated", 0)
    due = f", but overheated by {over}: the die is rolled" if over else ""
    if slot in track.rockets:
        rockets = numbers.get("rockets", {"left": 0, "of": 0})
        return f"fires rockets, no heat{due} ({rockets['left']}/{rockets['of']} left)"
    if slot in track.shields:
        levels = numbers.get("shields", {}).get(slot, {"left": 0, "of": 0})
        return f"a level back for 1 heat ({levels['left']}/{levels['of']}), once a turn"
    if slot in track.use_heat:
        return f"{track.use_heat[slot]} heat" + (due if not track.use_heat[slot] else "")
    return "heat by hand" if slot in track.actives else "passive"


def usable_upgrades(track: MechTrack) -> list[str]:
    """The upgrade slots the use dialog offers: every upgrade but a passive one (the Heat Exchanger's reset, a
    shield's level back, rockets and Active upgrades can be used; Additional Armor cannot)."""
    usable = {*track.heat_resets, *track.shields, *track.rockets, *track.use_heat, *track.actives}
    return [slot for slot in track.upgrades if slot in usable]


def upgrade_choices(track: MechTrack, state: UnitState, mark: UnitMark, turn: int) -> list[Choice]:
    """The use dialog's options: each usable upgrade with its hint, and where the book refuses it now (`mark` in
    turn `turn`), why."""
    return [
        Choice(s, track.upgrades[s][0], upgrade_hint(track, state, s), refusal(track, mark, s, turn))
        for s in usable_upgrades(track)
    ]


def play_line(state: UnitState) -> str:
    """The detail's line of play: `mech_line`, then the target number, move and dice (not a wreck's: it plays no
    more)."""
    state = mech_state(state)
    if state.destroyed:
        return mech_line(state)
    track, numbers = cast(MechTrack, state.track), state.derived
    dice = ", ".join(f"{track.part_names.get(p, p)} {n}" for p, n in numbers.get("dice", {}).items())
    return f"{mech_line(state)} · target number {numbers.get('target_number', 0)} · {move_words(state)} · dice {dice}"


def move_words(state: UnitState) -> str:
    """Inches per Move action: the legs' sum, or the pilot's skill's (the Techie's 2") when that is more."""
    state = mech_state(state)
    numbers = state.derived
    move, legs = numbers.get("move", 0), numbers.get("legs_move", numbers.get("move", 0))
    return f"move {move}" + (" (skill)" if move > legs else "")


class McWarriorBattle(BattleScreen):
    """Each mech's parts and heat in its row; hits, crits and heat by keys."""

    BINDINGS = [
        Binding("h", "hit", "Hit part", tooltip="Hits on one of the highlighted mech's body parts"),
        Binding("x", "critical", "Crit", tooltip="A critical hit on a part destroys its upgrade"),
        Binding(
            "right_square_bracket",
            "heat(1)",
            "Heat +1",
            tooltip="The mech's heat up one (above its torso's points: the overheat die)",
        ),
        Binding("left_square_bracket", "heat(-1)", "Heat −1", tooltip="The mech's heat down one"),
        Binding(
            "a",
            "heat(0)",
            "0-heat action",
            tooltip="An action making no heat (the free Move or Take Aim, a token): overheated, the die is rolled",
        ),
        Binding(
            "u",
            "use_upgrade",
            "Use upgrade",
            tooltip="An upgrade used: its heat, the Heat Exchanger, a shield level, rockets",
        ),
        Binding(
            "exclamation_mark",
            "self_destruct",
            "Self-destruct",
            tooltip="Scenarios with Respawn: the pilot self-destructs the mech, back at the next Upkeep",
        ),
        RESTORE_KEY,
        *TABLE_KEYS,
        *SCENARIO_BINDINGS,
    ]
    FOOTER_FIRST = ("hit", *BattleScreen.FOOTER_FIRST[1:])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`!` only where a scenario plays the Respawn rule, which a self-destruct belongs to."""
        if action == "self_destruct":
            judged = self.session.result.judged
            if judged is None or not judged.outcome.scenario.respawn:
                return False
        return super().check_action(action, parameters)

    def unit_tag(self, side: int, state: UnitState) -> tuple[str, str]:
        state = mech_state(state)
        return shield_tag(state), ""

    def out_of_the_fight(self, state: UnitState) -> bool:
        state = mech_state(state)
        return state.destroyed or bool(state.derived.get("shut_down"))

    def unit_track(self, state: UnitState) -> str:
        state = mech_state(state)
        track = cast(MechTrack, state.track)
        parts = " ".join(
            f"{''.join(word[0] for word in track.part_names.get(p, p).split())}{n}" for p, n in state.parts_left.items()
        )
        return f"{parts}  {mech_line(state, short=True)}"

    def track_lines(self, state: UnitState) -> list[Content]:
        state = mech_state(state)
        track = cast(MechTrack, state.track)
        numbers = state.derived
        spent = track.heat_resets if numbers.get("heat_exchanger_used") else ()
        rockets = numbers.get("rockets", {"left": 0, "of": 0})
        working = ", ".join(
            f"{name} (used)"
            if slot in spent
            else f"{name} ({rockets['left']}/{rockets['of']} rockets)"
            if slot in track.rockets
            else name
            for slot, name in numbers.get("upgrades", {}).items()
        )
        lines = [
            Content(
                "  ".join(f"{track.part_names.get(p, p)} {n}/{track.parts[p]}" for p, n in state.parts_left.items())
            ),
            Content(play_line(state)),
            Content(f"upgrades: {working or 'none working'}"),
        ]
        wrecked = wrecked_words(track, state)  # one line, two rows at most at 80 columns: the pane shows six
        return lines + [Content.styled(" · ".join(wrecked), "bold")] if wrecked else lines

    def detail_lines(self, state: UnitState) -> list[Content]:
        state = mech_state(state)
        heading, *rest = super().detail_lines(state)
        pilot = cast(MechTrack, state.track).pilot
        heading = Content.assemble(heading, ("  pilot ", "dim"), pilot) if pilot else heading
        back = f"  redeployed {state.returned}×" if state.returned else ""
        return [Content.assemble(heading, (back, "dim")) if back else heading, *rest]

    @work(exclusive=True, group="ask")
    async def action_heat(self, amount: int) -> None:
        """Heat up or down one, or (0) an action making none: an overheated mech's die asked, else said needless."""
        if (highlighted := self._highlighted_mech()) is None:
            return
        mark = self.session.mark(*(self.selected() or (0, 0)))
        if amount == 0 and (needless := no_die_due(highlighted[0], mark)) is not None:
            self.notify(needless, title="No overheat die", timeout=5)
            return
        go, check = await self._overheat_check(highlighted[0], amount)
        if go:
            self._mark(lambda side, index: heat(self.session, side, index, amount, check))

    async def _overheat_check(self, track: MechTrack, amount: int) -> tuple[bool, Check | None]:
        """The overheat check's die where `amount` heat takes the highlighted mech above its torso's points: the one
        the player rolled (and, where it makes hits, the part the location die gave), or Warbench's (None: no check,
        or a refusal the mark then says), after whether to go on (not where the player cancelled)."""
        side, index = self.selected() or (0, 0)
        try:
            over = overheated_by(track, self.session.mark(side, index), amount)
        except ValueError:
            return True, None
        if not over:
            return True, None
        hints = {
            n: "goes ahead" if n > over else f"{n} hit{'s' if n > 1 else ''}, shut down, no action" for n in range(1, 7)
        }
        die = await self.ask(
            f"{track.name} {'overheats' if amount else 'is overheated'} by {over}: the die rolled?",
            [*(Choice(str(n), str(n), hint) for n, hint in hints.items()), Choice("d6", "Roll it for me")],
        )
        if die is None:
            return False, None
        if die == "d6":
            return True, Check(dice=warbench_dice(self.session, side, index))
        if int(die) > over:
            return True, Check(die=int(die))
        order = [track.torso, *(p for p in track.parts if p != track.torso)]
        part = await self.ask(
            f"{die} hit{'s' if int(die) > 1 else ''} from overheating on which part?",
            [Choice(p, track.part_name(p), "no location die" if p == track.torso else "") for p in order],
        )
        return part is not None, Check(die=int(die), part=part)

    def _highlighted_mech(self) -> tuple[MechTrack, MechState] | None:
        chosen = self.selected()
        if chosen is None:
            return None
        side = self.session.result.sides[chosen[0]]
        return cast(MechTrack, side.tracks[chosen[1]]), mech_state(side.states[chosen[1]])

    @work(exclusive=True, group="ask")
    async def action_hit(self) -> None:
        if (highlighted := self._highlighted_mech()) is None:
            return
        track, state = highlighted
        part = await self.ask(
            f"{track.name}: hits on which part?",
            [Choice(p, track.part_names.get(p, p), f"{state.parts_left[p]}/{n} left") for p, n in track.parts.items()],
        )
        if part is None:
            return
        hits = await self.ask(
            f"How many hits on {track.part_names.get(part, part)}?",
            [Choice(str(n), str(n), hits_hint(state, part, n)) for n in range(1, 7)] + [Choice("-1", "repair 1")],
        )
        if hits is not None:
            self._mark(lambda side, index: hit(self.session, side, index, part, int(hits)))

    @work(exclusive=True, group="ask")
    async def action_critical(self) -> None:
        if (highlighted := self._highlighted_mech()) is None:
            return
        track, state = highlighted
        working = state.derived.get("upgrades", {})
        idle = {track.weapons[p]: f"{name}, idle (arm 0)" for p, name in state.derived.get("cannot_attack", {}).items()}
        there = {**working, **idle}
        part = await self.ask(
            f"{track.name}: critical hit on which part?",
            [
                Choice(p, track.part_names.get(p, p), there.get(track.part_slots.get(p, p), "no upgrade: torso −1"))
                for p in track.parts
            ],
        )
        if part is not None:
            self._mark(lambda side, index: critical(self.session, side, index, part))

    @work(exclusive=True, group="ask")
    async def action_use_upgrade(self) -> None:
        if (highlighted := self._highlighted_mech()) is None:
            return
        (track, state), (side, index) = highlighted, self.selected() or (0, 0)
        try:  # a wreck uses nothing: said before its upgrades are listed
            track.refuse_wreck(self.session.mark(side, index))
        except ValueError as exc:
            self.notify(str(exc), title="Not allowed", severity="error", timeout=5)
            return
        slot = await self.ask(
            f"{track.name}: use which upgrade?",
            upgrade_choices(track, state, self.session.mark(side, index), self.session.ledger.turn),
        )
        if slot is None:
            return
        rockets = None
        if slot in track.rockets and (left := state.derived.get("rockets", {}).get("left", 0)):
            fired = await self.ask(
                f"{track.name}: fire how many rockets?", [Choice(str(n), str(n)) for n in range(1, left + 1)]
            )
            if fired is None:
                return
            rockets = int(fired)
        try:  # a use the book refuses whatever the die is refused before the die is asked
            use(track, self.session.mark(side, index), slot, self.session.ledger.turn, Check(die=6), rockets)
            made: int | None = track.use_heat.get(slot, 1 if slot in track.shields else 0)
        except ValueError:
            made = None  # refused: the mark says why, with no die asked
        if made is None or slot in track.heat_resets:  # refused (the mark says why), or passive: no die
            go, check = True, None
        else:  # an action, checked even where it makes no heat
            go, check = await self._overheat_check(track, made)
        if go:
            self._mark(lambda side, index: use_upgrade(self.session, side, index, slot, check, rockets))

    @work(exclusive=True, group="ask")
    async def action_self_destruct(self) -> None:
        if (highlighted := self._highlighted_mech()) is None:
            return
        sure = await self.ask(
            f"{highlighted[0].name}: self-destruct?", [Choice("yes", "Self-destruct", "back at the next Upkeep")]
        )
        if sure is not None:
            self._mark(lambda side, index: self_destruct(self.session, side, index))
