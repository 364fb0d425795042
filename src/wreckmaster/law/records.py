"""Records of the interchange formats: frozen objects read strictly from parsed JSON or YAML.

A record class declares its fields as annotations with defaults, as a dataclass does::

    class Boat(Record):
        id: str
        number: Annotated[int, Bounds(ge=1)]
        licence: Optional[Licence] = None
        crew: Refs = []

:meth:`Record.read` turns a mapping into a record or raises :class:`Invalid` with **every**
problem as ``(location, message)``; the callers turn locations into JSON pointers. The rules
are those the formats have always had (SCENARIO.md, "Conventions"): strict types (a boolean is
never a number, a number never text), unknown keys refused, missing required keys named.
The messages are worded as pydantic words them (``Input should be a valid boolean, got a
number 1``), since the CLI, the service and the tests have always shown those words.

Why not pydantic: the engine is imported by every ``wreckmaster assess`` process, and importing
pydantic and building its validators took about half of a small assessment's run time (issue
16, start-up: 47 ms of imports and 20 ms of schema building against 14 ms for
``python -c "import json"``). The service keeps pydantic for its own request and answer
models (FastAPI); the engine's records need only what is here: ``str``, ``bool``, ``int``
with bounds, ``Literal``, ``Optional``, ``list`` (with lengths), ``dict[str, …]``, nested
records, and values read by a function of :mod:`values` (:class:`Check`).

A class's readers are compiled from its annotations the first time it reads, not at import.
"""
from __future__ import annotations

import typing
from typing import Any, Callable, ClassVar, Iterator

from . import values

Loc = tuple[Any, ...]
Problem = tuple[Loc, str]


class Invalid(Exception):
    """Bad input: every problem as (location, message); a location is a tuple of keys and indexes."""

    def __init__(self, problems: list[Problem]):
        super().__init__("; ".join(f"{'/'.join(map(str, loc))}: {m}" for loc, m in problems))
        self.problems = problems


# --- markers used in annotations (plain classes: a dataclass costs more to create at import) -------
class Check:
    """Read a value with ``fn``, which returns the value or raises ValueError (its message is shown)."""

    __slots__ = ("fn",)

    def __init__(self, fn: Callable[[Any], Any]):
        self.fn = fn


class Bounds:
    """An integer's bounds, inclusive."""

    __slots__ = ("ge", "le")

    def __init__(self, ge: int | None = None, le: int | None = None):
        self.ge, self.le = ge, le


class Length:
    """A list's length, inclusive."""

    __slots__ = ("min", "max")

    def __init__(self, min: int | None = None, max: int | None = None):
        self.min, self.max = min, max


class Key:
    """The field's key in the document when it differs from the attribute (``for`` → ``for_``)."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name


_MISSING: Any = object()


class Field:
    """One field of a record: its attribute ``name``, its document ``key``, its annotation and
    default (``required`` when it has none)."""

    __slots__ = ("name", "key", "annotation", "default")

    def __init__(self, name: str, key: str, annotation: Any, default: Any = _MISSING):
        self.name, self.key, self.annotation, self.default = name, key, annotation, default

    @property
    def required(self) -> bool:
        return self.default is _MISSING

    @property
    def alias(self) -> str | None:
        return self.key if self.key != self.name else None


# --- messages ------------------------------------------------------------------------------
def _wrong(expected: str, value: Any) -> str:
    return f"{expected}, got {values._kind(value)} {values.shown(value)}"


def _choices(options: tuple[Any, ...]) -> str:
    shown = [repr(o) for o in options]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"


def _plural(n: int) -> str:
    return "" if n == 1 else "s"


# --- readers: (value, loc, problems) -> value or _MISSING (a problem was added) -------------
Reader = Callable[[Any, Loc, list], Any]


def _reader(annotation: Any, owner: type) -> Reader:
    """A reader for one annotation (compiled once per field)."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        base, *marks = typing.get_args(annotation)
        for mark in marks:
            if isinstance(mark, Check):
                return _check_reader(mark.fn)
        read = _reader(base, owner)
        for mark in marks:
            if isinstance(mark, Bounds):
                read = _bounded(read, mark)
            elif isinstance(mark, Length):
                read = _sized(read, mark)
        return read
    if origin is typing.Union:
        options = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(options) != 1:
            raise TypeError(f"{owner.__name__}: only Optional[X] unions are supported, not {annotation}")
        inner = _reader(options[0], owner)
        return lambda v, loc, problems: None if v is None else inner(v, loc, problems)
    if origin is typing.Literal:
        return _literal_reader(typing.get_args(annotation))
    if origin is list:
        (item,) = typing.get_args(annotation)
        return _members_reader(_reader(item, owner), list, "Input should be a valid list")
    if origin is dict:
        key, item = typing.get_args(annotation)
        if key is not str:
            raise TypeError(f"{owner.__name__}: only dict[str, X] is supported, not {annotation}")
        return _members_reader(_reader(item, owner), dict, "Input should be a valid dictionary")
    if annotation is str:
        return _typed(str, "Input should be a valid string")
    if annotation is bool:
        return _typed(bool, "Input should be a valid boolean")
    if annotation is int:
        return _typed(int, "Input should be a valid integer")
    if isinstance(annotation, type) and issubclass(annotation, Record):
        return annotation._read_at
    raise TypeError(f"{owner.__name__}: no reader for {annotation!r}")


def _typed(kind: type, message: str) -> Reader:
    def read(v: Any, loc: Loc, problems: list) -> Any:
        if type(v) is kind:      # strict: a boolean is not an integer, a str subclass is not text
            return v
        problems.append((loc, _wrong(message, v)))
        return _MISSING
    return read


def _check_reader(fn: Callable[[Any], Any]) -> Reader:
    def read(v: Any, loc: Loc, problems: list) -> Any:
        try:
            return fn(v)
        except ValueError as exc:
            problems.append((loc, str(exc)))
            return _MISSING
    return read


def _literal_reader(options: tuple[Any, ...]) -> Reader:
    allowed = frozenset((type(o), o) for o in options)
    message = f"Input should be {_choices(options)}"

    def read(v: Any, loc: Loc, problems: list) -> Any:
        try:
            if (type(v), v) in allowed:
                return v
        except TypeError:        # an unhashable value (a list, a mapping)
            pass
        problems.append((loc, _wrong(message, v)))
        return _MISSING
    return read


def _members_reader(item: Reader, kind: type, expected: str) -> Reader:
    """A list (its members by index) or a ``dict`` with text keys (by key), each member read by ``item``."""
    def read(v: Any, loc: Loc, problems: list) -> Any:
        if type(v) is not kind:
            problems.append((loc, _wrong(expected, v)))
            return _MISSING
        ok = True
        out: dict[Any, Any] = {}
        for k, x in (enumerate(v) if kind is list else v.items()):
            if kind is dict and type(k) is not str:
                problems.append(((*loc, k), _wrong("Input should be a valid string", k)))
                ok = False
                continue
            got = out[k] = item(x, (*loc, k), problems)
            ok = ok and got is not _MISSING
        if not ok:
            return _MISSING
        return list(out.values()) if kind is list else out
    return read


def _limited(inner: Reader, measure: Callable[[Any], int], low: int | None, high: int | None,
             too_low: Callable[[int], str], too_high: Callable[[int], str]) -> Reader:
    """``inner``, then ``measure`` of what it read within ``low``…``high`` (inclusive)."""
    def read(v: Any, loc: Loc, problems: list) -> Any:
        got = inner(v, loc, problems)
        if got is _MISSING:
            return got
        n = measure(got)
        if low is not None and n < low:
            problems.append((loc, _wrong(too_low(n), v)))
        elif high is not None and n > high:
            problems.append((loc, _wrong(too_high(n), v)))
        else:
            return got
        return _MISSING
    return read


def _bounded(inner: Reader, bounds: Bounds) -> Reader:
    """An integer within its bounds."""
    return _limited(inner, lambda n: n, bounds.ge, bounds.le,
                    lambda n: f"Input should be greater than or equal to {bounds.ge}",
                    lambda n: f"Input should be less than or equal to {bounds.le}")


def _sized(inner: Reader, length: Length) -> Reader:
    """A list of an allowed length (counted after its members are read)."""
    return _limited(inner, len, length.min, length.max,
                    lambda n: f"List should have at least {length.min} item{_plural(length.min)} after validation, "
                              f"not {n}",
                    lambda n: f"List should have at most {length.max} item{_plural(length.max)} after validation, "
                              f"not {n}")


# --- the record base ---------------------------------------------------------------------
class Record:
    """A frozen record of an interchange format (see the module's docstring).

    ``Record(**values)`` reads its arguments like a document (strictly, with defaults) and
    raises :class:`Invalid`; :meth:`replace` makes a copy with some attributes changed, unchecked,
    as the engine does when it leaves out what was not known on a date (law/asof.py).
    Fields listed in ``_computed`` are set by the engine, never read from a document.
    """

    _computed: ClassVar[tuple[str, ...]] = ()
    _compiled: ClassVar["_Plan | None"] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._compiled = None       # each class compiles its own readers, on first use

    # -- fields ----------------------------------------------------------------------------
    @classmethod
    def fields(cls) -> list[Field]:
        """The fields in declaration order (base classes first), as the document spells them."""
        hints = typing.get_type_hints(cls, include_extras=True)   # each base's names in its own module
        out = []
        for name, annotation in hints.items():
            if typing.get_origin(annotation) is ClassVar or name.startswith("_"):
                continue
            key = name
            if typing.get_origin(annotation) is typing.Annotated:
                key = next((m.name for m in typing.get_args(annotation)[1:] if isinstance(m, Key)), name)
            out.append(Field(name, key, annotation, getattr(cls, name, _MISSING)))
        return out

    @classmethod
    def _compile(cls) -> "_Plan":
        plan = cls._compiled = _Plan(cls)
        return plan

    # -- reading ---------------------------------------------------------------------------
    @classmethod
    def read(cls, doc: Any) -> "Record":
        """The record a parsed document describes; :class:`Invalid` with every problem."""
        problems: list[Problem] = []
        got = cls._read_at(doc, (), problems)
        if problems:
            raise Invalid(problems)
        return got

    @classmethod
    def _read_at(cls, doc: Any, loc: Loc, problems: list) -> Any:
        plan = cls._compiled or cls._compile()
        if type(doc) is not dict:
            problems.append((loc, _wrong(f"Input should be a valid dictionary or instance of {cls.__name__}", doc)))
            return _MISSING
        state = dict(plan.fixed)
        for name, copy in plan.fresh:
            state[name] = copy()
        ok = True
        by_key = plan.by_key
        for key, value in doc.items():      # in the document's order: problems follow the text
            spec = by_key.get(key)
            if spec is None:
                problems.append(((*loc, key), "unknown key"))
                ok = False
                continue
            got = state[spec[0]] = spec[1](value, (*loc, key), problems)
            if got is _MISSING:
                ok = False
        for key in plan.required:
            if key not in doc:
                problems.append(((*loc, key), "required"))
                ok = False
        if not ok:
            return _MISSING
        record = cls.__new__(cls)
        record.__dict__.update(state)
        return record

    def __init__(self, **values: Any) -> None:
        plan = type(self)._compiled or type(self)._compile()
        doc = {plan.key_of.get(name, name): v for name, v in values.items() if name not in self._computed}
        problems: list[Problem] = []
        got = type(self)._read_at(doc, (), problems)
        if problems:
            raise Invalid(problems)
        state = dict(got.__dict__)
        state.update({k: v for k, v in values.items() if k in self._computed})
        self.__dict__.update(state)

    # -- a frozen value --------------------------------------------------------------------
    def replace(self, **changes: Any) -> "Record":
        """A copy with ``changes`` (attribute names), unchecked; cached look-ups are not copied."""
        state = self._state()
        unknown = set(changes) - set(state)
        if unknown:
            raise AttributeError(f"{type(self).__name__} has no field {', '.join(sorted(unknown))}")
        state.update(changes)
        copy = type(self).__new__(type(self))
        copy.__dict__.update(state)
        return copy

    def _state(self) -> dict[str, Any]:
        plan = type(self)._compiled or type(self)._compile()
        return {name: self.__dict__[name] for name in plan.names}

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: {name} cannot be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: {name} cannot be deleted")

    def __eq__(self, other: Any) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._state() == other._state()

    def __hash__(self) -> int:
        return hash((type(self), tuple(_hashable(v) for v in self._state().values())))

    def __iter__(self) -> Iterator[tuple[str, Any]]:
        return iter(self._state().items())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self._state().items())})"


class _Plan:
    """How a record class reads a document, compiled once from its fields."""

    __slots__ = ("by_key", "key_of", "names", "fixed", "fresh", "required")

    def __init__(self, cls: type[Record]):
        fields = cls.fields()
        read = [f for f in fields if f.name not in cls._computed]
        #: document key → (attribute, reader)
        self.by_key: dict[str, tuple[str, Reader]] = {f.key: (f.name, _reader(f.annotation, cls)) for f in read}
        self.key_of = {f.name: f.key for f in read}
        #: every attribute, in declaration order (what equality, hashing and replace() see)
        self.names = tuple(f.name for f in fields)
        defaults = [(f.name, f.default) for f in fields if not f.required]
        #: defaults shared by every record (immutable), and those made anew for each (lists, mappings)
        self.fixed = {n: d for n, d in defaults if not isinstance(d, (list, dict))}
        self.fresh = tuple((n, d.copy) for n, d in defaults if isinstance(d, (list, dict)))
        self.required = tuple(f.key for f in read if f.required)


def _hashable(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _hashable(v)) for k, v in value.items()))
    return value
