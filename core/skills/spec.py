"""What a skill declares about itself: the ``SkillSpec`` and the parts it is made of.

Plain data with no checks: the registry (core.skills.registry) checks specs and builds the
skill set from them; the system spec (core.skills.system) is one of them. Both import this module,
never each other's opposite way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, Literal

from core.i18n import HANT, Locale, hant
from core.jobs.kinds import JobKind
from core.language.intents import Intent
from core.planner.tooling import TaskTool, Toolset
from core.routing.router import Rule
from core.services import Services
from core.skills.base import InboundHook, OwnNames, Skill
from core.tasks.actions import ActionSpec
from core.texts import catalogue, examples

SYSTEM = "system"  # the built-in spec owning the engine's own commands


@dataclass(frozen=True, slots=True)
class LocalText:
    """One text in each reply language."""

    zh: str
    en: str

    def get(self, locale: Locale) -> str:
        return hant(self.zh) if locale == HANT else self.zh if locale == "zh" else self.en

    @staticmethod
    def of(key: str) -> LocalText:
        """The catalogue's text ``key`` (a texts.toml beside the skill), in both languages."""
        texts = catalogue().get(key)
        return LocalText(texts["zh"], texts["en"])


# -- actions ---------------------------------------------------------------------------------


class LazyActions(Mapping[str, ActionSpec[Any]]):
    """A skill's actions declared by name, their executors loaded (``load``: the skill's
    implementation module imported) at the first look at one.

    What routing and the registry's checks need is the names; the executors are needed only when
    the skill runs, and importing every skill's implementation at start was most of the skill
    registry's part of a `deskmate ask`. The loaded actions must be exactly the declared ones,
    each with an executor (ValueError otherwise, at that first look)."""

    __slots__ = ("_load", "_loaded", "_names")

    def __init__(self, names: Iterable[str], load: Callable[[], Mapping[str, ActionSpec[Any]]]) -> None:
        self._names = tuple(names)
        self._load = load
        self._loaded: Mapping[str, ActionSpec[Any]] | None = None

    @classmethod
    def at(cls, names: Iterable[str], where: str) -> LazyActions:
        """The actions found at ``where``, "package.module:NAME", when first looked at: NAME is
        the mapping itself or a function returning it. A spec names its implementation by path so
        that importing the spec does not import it."""
        module, _, name = where.partition(":")

        def load() -> Mapping[str, ActionSpec[Any]]:
            found = getattr(import_module(module), name)
            actions: Mapping[str, ActionSpec[Any]] = found() if callable(found) else found
            return actions

        return cls(names, load)

    def loaded(self) -> Mapping[str, ActionSpec[Any]]:
        if self._loaded is None:
            actions = self._load()
            if sorted(actions) != sorted(self._names):
                raise ValueError(f"actions {sorted(actions)} loaded, {sorted(self._names)} declared")
            missing = [name for name, action in actions.items() if action.run is None]
            if missing:
                raise ValueError(f"action(s) {missing} have no executor")
            self._loaded = actions
        return self._loaded

    @property
    def is_loaded(self) -> bool:
        return self._loaded is not None

    def __getitem__(self, name: str) -> ActionSpec[Any]:
        return self.loaded()[name]

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


# -- routing rules ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RuleSpec:
    """One routing rule of a skill.

    ``priority``: rules run highest first, across all skills; equal priorities are refused.
    ``emits``: every action its routes may carry (None: a bare follow-up, whose action the
    conversation decides, falling back to the skill's ``default_action``).
    """

    name: str
    priority: int
    build: Callable[[Services], Rule]
    emits: frozenset[str | None]


# -- chat commands ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CommandChoice:
    value: str
    label: LocalText


@dataclass(frozen=True, slots=True)
class CommandArg:
    """A command's one argument: free text, a coin (with autocomplete), or fixed choices."""

    kind: Literal["text", "coin", "choice"]
    name: LocalText  # the option's name (Discord), lower case
    description: LocalText
    choices: tuple[CommandChoice, ...] = ()
    max_length: int = 64

    def usage(self, locale: Locale) -> str:
        """How /help writes it: "coin", "zh|en|auto"."""
        if self.kind == "choice":
            return "|".join(c.value for c in self.choices)
        return self.name.get(locale)


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """A chat command.

    ``kind``: "route" — routed like the typed text "/name args" by the owning skill's rules;
    "engine" — answered by the conversation engine itself (the system spec's /start, /help, ...);
    "text" — its argument is a message in the user's own words (Discord's /ask).
    ``private``: answered to the asker only (Discord: ephemeral). ``platforms``: where it is
    offered (None: everywhere). ``order``: its place in menus and in /help.
    """

    name: str
    title: LocalText  # the command's name per language (Discord shows the zh one to zh users)
    description: LocalText
    arg: CommandArg | None = None
    kind: Literal["route", "engine", "text"] = "route"
    private: bool = False
    platforms: frozenset[str] | None = None
    order: int = 50

    def on(self, platform: str) -> bool:
        return self.platforms is None or platform in self.platforms

    def usage(self, locale: Locale) -> str:
        return f"/{self.name} {self.arg.usage(locale)}" if self.arg is not None else f"/{self.name}"


# -- help and planner tools ------------------------------------------------------------------

SummaryFn = Callable[[Locale, Services], str]


@dataclass(frozen=True, slots=True)
class HelpSpec:
    """What /help and the fallback answer say about a skill: one line, and examples that work.
    A skill's examples are data, an examples.toml beside it (``HelpSpec.of`` reads them)."""

    summary: LocalText | SummaryFn
    examples_zh: tuple[str, ...] = ()
    examples_en: tuple[str, ...] = ()

    def line(self, locale: Locale, services: Services) -> str:
        return (
            self.summary.get(locale)
            if isinstance(self.summary, LocalText)
            else self.summary(locale, services)
        )

    def examples(self, locale: Locale) -> tuple[str, ...]:
        if locale == HANT:
            return tuple(hant(e) for e in self.examples_zh)
        return self.examples_zh if locale == "zh" else self.examples_en

    @staticmethod
    def of(key: str, summary: LocalText | SummaryFn | None = None) -> HelpSpec:
        """The help entry ``key``: its line the catalogue's text ``key`` (or ``summary``), its
        examples the phrases of the examples.toml beside the skill under the same key."""
        phrases = examples()[key]
        return HelpSpec(summary or LocalText.of(key), phrases["zh"], phrases["en"])


@dataclass(frozen=True, slots=True)
class FactTools:
    """A skill's fact tools: their names (declared here) and the toolset built from the services."""

    names: tuple[str, ...]
    build: Callable[[Services], Toolset]


# -- the spec --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SkillSpec:
    """Everything the platform knows about one skill, in one place."""

    name: str
    build: Callable[[Services], Skill] | None  # None: only commands (the system spec)
    rules: tuple[RuleSpec, ...] = ()
    # What it understands, as intents scored by the language layer (core.language.intents); its
    # rules then read the slots. ``intents_only``: its rules run only as its intents' readers.
    intents: tuple[Intent, ...] = ()
    intents_only: bool = False
    private: bool = False  # personal data: refused in groups (one rule, in the engine)
    resumable: bool = False  # open tasks survive a switch (resume stack, side questions)
    actions: Mapping[str, ActionSpec[Any]] = field(default_factory=dict)
    default_action: str | None = None  # the action of a bare follow-up with no earlier task
    help: HelpSpec | None = None
    commands: tuple[CommandSpec, ...] = ()
    tools: tuple[TaskTool, ...] = ()
    facts: FactTools | None = None
    # Background work on a clock (core.jobs): the kinds this skill's jobs run as, built from the
    # same services as the skill. Each kind's name starts with "<skill>.".
    jobs: Callable[[Services], Sequence[JobKind]] | None = None
    # Something to do whenever a person writes, before the answer (core.skills.base.InboundHook).
    inbound: Callable[[Services], InboundHook] | None = None
    # The names the person gave this skill's records, loaded with their other record names
    # (core.skills.base.OwnNames): "delete dip buyer" names their alert.
    names: Callable[[Services], OwnNames] | None = None
