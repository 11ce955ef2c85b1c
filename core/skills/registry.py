"""The skill registry: the only list of skills, and everything derived from it.

Each skill declares itself once, in a ``SkillSpec``: its name (the route's ``skill``), its routing
rules with explicit priorities, whether it is private, its actions (core.tasks.actions), its help
examples, the chat commands it owns and the planner tools it offers, plus a factory that builds it
from the services the composition root provides. The composition root registers each spec with
one line; the router, /help, the Telegram and Discord command menus, the console's command list
and the planner's tools are all derived here, never written out by hand.

Registration refuses, with a RegistryError naming the skill:
- two skills, commands or planner tools with one name;
- two routing rules with one priority (rules run highest priority first; order never depends on
  registration order, so a tie is refused rather than broken silently);
- an action without an executor;
- a rule or task tool that may produce an action its skill does not declare (a bare follow-up,
  action None, needs a declared ``default_action``);
- a task tool with an argument that could carry a credential;
- command names and texts that Telegram or Discord would reject.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from functools import cached_property
from types import MappingProxyType

from core.i18n import Locale, t
from core.jobs.kinds import JobKind
from core.planner.tooling import TaskToolset, Toolset
from core.routing.router import Route, Router, Rule
from core.services import Services
from core.skills.base import InboundHook, OwnNames, Skill
from core.skills.spec import (
    SYSTEM,
    CommandArg,
    CommandChoice,
    CommandSpec,
    FactTools,
    HelpSpec,
    LazyActions,
    LocalText,
    RuleSpec,
    SkillSpec,
    SummaryFn,
)
from core.skills.system import SYSTEM_SPEC
from core.turn import Turn

# The declaration types live in core.skills.spec; skills import them from here too, the one
# place they register with.
__all__ = [
    "PLATFORMS",
    "SYSTEM",
    "CommandArg",
    "CommandChoice",
    "CommandSpec",
    "FactTools",
    "HelpSpec",
    "LazyActions",
    "LocalText",
    "Registry",
    "RegistryError",
    "RuleSpec",
    "SkillSet",
    "SkillSpec",
    "SummaryFn",
]
_NAME = re.compile(r"[a-z][a-z0-9_]*")
_COMMAND = re.compile(r"[a-z][a-z0-9_]{0,31}")  # valid for Telegram and Discord alike
_LOCAL_NAME = re.compile(r"[-_\w]{1,32}")  # Discord's rule for localized names (lower case)
PLATFORMS = frozenset({"telegram", "discord", "console"})


class RegistryError(ValueError):
    """A skill declaration that would misbehave at run time; refused at registration."""


class Registry:
    """Collects skill specs, checks them, and builds the SkillSet a process runs."""

    def __init__(self) -> None:
        self._specs: dict[str, SkillSpec] = {}
        self.register(SYSTEM_SPEC)  # the engine's own commands, always present

    def register(self, *specs: SkillSpec) -> Registry:
        for spec in specs:
            self._check(spec)
            self._specs[spec.name] = spec
        return self

    @property
    def specs(self) -> Mapping[str, SkillSpec]:
        return MappingProxyType(self._specs)

    def commands(self) -> tuple[CommandSpec, ...]:
        """Every command, in menu order. Static: no services needed."""
        return _menu(self._specs.values())

    def build(self, services: Services) -> SkillSet:
        return SkillSet(dict(self._specs), services)

    # -- checks -------------------------------------------------------------------------------

    def _check(self, spec: SkillSpec) -> None:
        def fail(problem: str) -> RegistryError:
            return RegistryError(f"skill {spec.name!r}: {problem}")

        if not _NAME.fullmatch(spec.name):
            raise fail("a skill name is lower case letters, digits and _")
        if spec.name in self._specs:
            raise fail("already registered")
        if spec.build is None and (spec.rules or spec.actions or spec.tools or spec.facts):
            raise fail("rules, actions and tools need a skill to run them (build)")
        if spec.build is not None and not spec.actions:
            raise fail("declares no action")
        if not isinstance(spec.actions, LazyActions):  # a lazy one checks its own when it loads
            for name, action in spec.actions.items():
                if action.run is None:
                    raise fail(f"action {name!r} has no executor")
        if spec.default_action is not None and spec.default_action not in spec.actions:
            raise fail(f"default action {spec.default_action!r} is not declared")
        taken = {r.priority: (s.name, r.name) for s in self._specs.values() for r in s.rules}
        for rule in spec.rules:
            if rule.priority in taken:
                other = taken[rule.priority]
                raise fail(f"rule {rule.name!r} has priority {rule.priority}, as {other[0]}.{other[1]} has")
            taken[rule.priority] = (spec.name, rule.name)
            if not rule.emits:
                raise fail(f"rule {rule.name!r} declares no action it emits")
            for emitted in rule.emits:
                if emitted is None and spec.default_action is None:
                    raise fail(f"rule {rule.name!r} emits bare follow-ups but no default action is declared")
                if emitted is not None and emitted not in spec.actions:
                    raise fail(f"rule {rule.name!r} may emit the undeclared action {emitted!r}")
        for item in spec.intents:
            if item.skill != spec.name:
                raise fail(f"intent {item.name!r} belongs to another skill")
            if item.action not in spec.actions:
                raise fail(f"intent {item.name!r} is for the undeclared action {item.action!r}")
        if spec.intents_only and not spec.intents:
            raise fail("routes by intents only but declares none")
        self._check_commands(spec, fail)
        tool_names = {n for s in self._specs.values() for n in _tool_names(s)}
        for name in _tool_names(spec):
            if name in tool_names:
                raise fail(f"planner tool {name!r} is already offered")
            tool_names.add(name)
        for tool in spec.tools:
            actions = tool.actions()
            if not actions:
                raise fail(f"task tool {tool.name!r} has no action argument")
            undeclared = [a for a in actions if a not in spec.actions]
            if undeclared:
                raise fail(f"task tool {tool.name!r} may start the undeclared action(s) {undeclared}")
            secret = tool.secret_like_fields()
            if secret:
                raise fail(f"task tool {tool.name!r} takes {secret}: secrets are never tool arguments")

    def _check_commands(self, spec: SkillSpec, fail: Callable[[str], RegistryError]) -> None:
        names = {c.name for s in self._specs.values() for c in s.commands}
        for cmd in spec.commands:
            if not _COMMAND.fullmatch(cmd.name):
                raise fail(f"command {cmd.name!r}: 1-32 lower case letters, digits and _")
            if cmd.name in names:
                raise fail(f"command /{cmd.name} is already registered")
            names.add(cmd.name)
            if cmd.kind == "route" and not spec.rules:
                raise fail(f"command /{cmd.name} is routed, but the skill has no rules")
            if cmd.kind != "route" and spec.name != SYSTEM:
                raise fail(f"command /{cmd.name}: only the system spec has engine or text commands")
            if cmd.platforms is not None and not cmd.platforms <= PLATFORMS:
                raise fail(f"command /{cmd.name}: unknown platform(s) {sorted(cmd.platforms - PLATFORMS)}")
            if cmd.title.en != cmd.name:
                raise fail(f"command /{cmd.name}: its English title must be its name")
            texts = [("title", cmd.title), ("description", cmd.description)]
            if cmd.arg is not None:
                texts += [("argument name", cmd.arg.name), ("argument description", cmd.arg.description)]
                texts += [("choice", c.label) for c in cmd.arg.choices]
                if (cmd.arg.kind == "choice") != bool(cmd.arg.choices):
                    raise fail(f"command /{cmd.name}: choices go with a choice argument, and only there")
            for what, text in texts:
                for value in (text.zh, text.en):
                    if what in ("title", "argument name"):
                        if not _LOCAL_NAME.fullmatch(value) or value != value.lower():
                            raise fail(f"command /{cmd.name}: {what} {value!r} is not a valid command name")
                    elif not 1 <= len(value) <= 100:
                        raise fail(f"command /{cmd.name}: {what} {value!r} must be 1-100 characters")


def _menu(specs: Iterable[SkillSpec]) -> tuple[CommandSpec, ...]:
    """Commands in menu order: by their declared ``order``, then by name."""
    return tuple(sorted((c for s in specs for c in s.commands), key=lambda c: (c.order, c.name)))


class _Readers(Mapping[str, Sequence[Rule]]):
    """Each skill's readers (its rules, highest priority first), built at the first look at
    that skill's: a message is read by the skills its best intents belong to, so a price
    question builds (and imports) the price skill's reader alone."""

    def __init__(self, specs: Iterable[SkillSpec], services: Services, built: dict[int, Rule]) -> None:
        self._specs = {s.name: s for s in specs if s.intents}
        self._services = services
        self._built = built  # shared with the chain: a rule is built once
        self._readers: dict[str, Sequence[Rule]] = {}

    def __getitem__(self, skill: str) -> Sequence[Rule]:
        found = self._readers.get(skill)
        if found is None:
            rules = sorted(self._specs[skill].rules, key=lambda r: -r.priority)
            found = self._readers[skill] = [_built(r, self._services, self._built) for r in rules]
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._specs)

    def __len__(self) -> int:
        return len(self._specs)


def _built(rule: RuleSpec, services: Services, built: dict[int, Rule]) -> Rule:
    found = built.get(id(rule))
    if found is None:
        found = built[id(rule)] = rule.build(services)
    return found


def _router(specs: Iterable[SkillSpec], services: Services) -> Router:
    """The layer over every skill's intents, then the rules of the skills not wholly on it,
    highest priority first (those are built now: every message may go through them; the
    layer's readers when first needed)."""
    specs = tuple(specs)
    built: dict[int, Rule] = {}
    ranked = sorted(((s, r) for s in specs for r in s.rules), key=lambda sr: -sr[1].priority)
    chain = [_built(r, services, built) for s, r in ranked if not s.intents_only]
    intents = [i for s in specs for i in s.intents]
    if not intents:
        return Router(chain)
    from core.coin_index import CoinIndex
    from core.language.intents import IntentEngine
    from core.language.tagger import Tagger
    from core.routing.layer import Layer
    from core.services import CATALOG

    catalog = services.find(CATALOG)
    readers = _Readers(specs, services, built)
    tagger = Tagger(CoinIndex(catalog) if catalog is not None else None)
    return Router(chain, Layer(tagger, IntentEngine(intents), readers))


def _tool_names(spec: SkillSpec) -> Iterable[str]:
    yield from (t.name for t in spec.tools)
    if spec.facts is not None:
        yield from spec.facts.names


class SkillSet:
    """The registered skills, built for one process: what the engine and the planner run on.

    Each skill is built (its implementation imported) when first asked for (``skill``), its
    planner tools and job kinds when first looked at: a process builds what its messages use,
    and a `deskmate ask` about a price builds the price skill alone. A factory's answer is
    checked when it is built; ``build_all`` builds and checks everything at once (tests)."""

    def __init__(self, specs: Mapping[str, SkillSpec], services: Services) -> None:
        self.services = services
        self._specs = specs
        self._skills: dict[str, Skill] = {}
        self.router = _router(specs.values(), services)
        self.commands = _menu(specs.values())
        self._owner = {c.name: s.name for s in specs.values() for c in s.commands}
        # Run for every message: built now (a skill's hook imports only what it needs).
        self.inbound_hooks: tuple[InboundHook, ...] = tuple(
            spec.inbound(services) for spec in specs.values() if spec.inbound is not None
        )

    @cached_property
    def _own_names(self) -> tuple[OwnNames, ...]:
        return tuple(spec.names(self.services) for spec in self._specs.values() if spec.names is not None)

    async def own_names(self, turn: Turn) -> dict[str, list[str]]:
        """The names the person gave the skills' own records ({"alert": [...]}), by kind."""
        found: dict[str, list[str]] = {}
        for source in self._own_names:
            for kind, names in (await source.names(turn)).items():
                found.setdefault(kind, []).extend(names)
        return found

    def build_all(self) -> SkillSet:
        """Every skill, toolset and job kind built and checked now (what a lazy build would
        find at its first use); returns self."""
        for name in self._specs:
            self.skill(name)
        _ = self.toolsets, self.job_kinds
        for spec in self._specs.values():
            if isinstance(spec.actions, LazyActions):
                try:
                    spec.actions.loaded()
                except ValueError as exc:
                    raise RegistryError(f"skill {spec.name!r}: {exc}") from None
        for name in self._readers():
            self._readers()[name]
        return self

    def _readers(self) -> Mapping[str, Sequence[Rule]]:
        layer = self.router.layer
        return layer.readers if layer is not None else {}

    def _build(self, spec: SkillSpec) -> Skill:
        assert spec.build is not None
        skill = spec.build(self.services)
        own = getattr(skill, "name", spec.name)
        if own != spec.name:
            raise RegistryError(f"skill {spec.name!r}: its factory built a skill named {own!r}")
        if getattr(skill, "private", spec.private) != spec.private:
            raise RegistryError(f"skill {spec.name!r}: the built skill's privacy differs from its spec's")
        return skill

    @cached_property
    def toolsets(self) -> tuple[Toolset, ...]:
        """The planner's tools: every skill's fact tools, then one toolset of the task tools."""
        toolsets: list[Toolset] = []
        for spec in self._specs.values():
            if spec.facts is not None:
                built = spec.facts.build(self.services)
                offered = tuple(d.name for d in built.definitions())
                if sorted(offered) != sorted(spec.facts.names):
                    raise RegistryError(
                        f"skill {spec.name!r}: its fact tools are {offered}, "
                        f"not the declared {spec.facts.names}"
                    )
                toolsets.append(built)
        task_tools = [(s.name, tool) for s in self._specs.values() for tool in s.tools]
        if task_tools:
            toolsets.append(TaskToolset(task_tools))
        return tuple(toolsets)

    @cached_property
    def job_kinds(self) -> tuple[JobKind, ...]:
        """The skills' job kinds, each named "<skill>.<...>"."""
        kinds: list[JobKind] = []
        for spec in self._specs.values():
            for kind in spec.jobs(self.services) if spec.jobs is not None else ():
                if not kind.name.startswith(f"{spec.name}."):
                    raise RegistryError(
                        f"skill {spec.name!r}: job kind {kind.name!r} must start with its name"
                    )
                kinds.append(kind)
        return tuple(kinds)

    def rules_alone(self) -> Router:
        """Every skill's rules by priority, without the language layer: routing as it was before
        the layer (the benchmark's side-by-side)."""
        ranked = sorted((r for s in self._specs.values() for r in s.rules), key=lambda r: -r.priority)
        return Router([rule.build(self.services) for rule in ranked])

    # -- lookups ------------------------------------------------------------------------------

    def spec(self, skill: str) -> SkillSpec | None:
        return self._specs.get(skill)

    def specs(self) -> tuple[SkillSpec, ...]:
        """Every registered spec, in registration order (the order of /help)."""
        return tuple(self._specs.values())

    def skill(self, skill: str) -> Skill | None:
        found = self._skills.get(skill)
        if found is None:
            spec = self._specs.get(skill)
            if spec is None or spec.build is None:
                return None
            found = self._skills[skill] = self._build(spec)
        return found

    def resumable(self, skill: str) -> bool:
        spec = self._specs.get(skill)
        return spec is not None and spec.resumable and spec.build is not None

    def declares(self, route: Route) -> bool:
        """The route's skill exists and declares its action (None: the conversation decides)."""
        spec = self._specs.get(route.skill)
        return spec is not None and (route.action is None or route.action in spec.actions)

    def looked(self, route: Route | None) -> Route | None:
        """``route`` marked ``looks`` when its action changes nothing (declared ``writes=False``)."""
        if route is None or route.action is None:
            return route
        spec = self._specs.get(route.skill)
        action = spec.actions.get(route.action) if spec is not None else None
        return replace(route, looks=True) if action is not None and not action.writes else route

    def command(self, name: str) -> CommandSpec | None:
        return next((c for c in self.commands if c.name == name), None)

    def command_owner(self, name: str) -> str | None:
        return self._owner.get(name)

    # -- /help --------------------------------------------------------------------------------

    def examples(self, locale: Locale) -> list[str]:
        return [e for s in self._specs.values() if s.help is not None for e in s.help.examples(locale)]

    def capabilities(self, locale: Locale) -> str:
        """What deskmate can do, with examples: /help and the fallback answer say the same."""
        lines = [t(locale, "help.intro")]
        lines += [
            f"· {s.help.line(locale, self.services)}" for s in self._specs.values() if s.help is not None
        ]
        lines.append(t(locale, "help.examples"))
        lines += [f"· {e}" for e in self.examples(locale)]
        return "\n".join(lines)

    def command_line(self, locale: Locale, platform: str) -> str:
        usages = [c.usage(locale) for c in self.commands if c.on(platform)]
        return t(locale, "help.commands", commands=" · ".join(usages))

    def help_text(self, locale: Locale, platform: str) -> str:
        return f"{self.capabilities(locale)}\n\n{self.command_line(locale, platform)}"
