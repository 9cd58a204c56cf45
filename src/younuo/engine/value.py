"""The base of the engine's small immutable records: actions, events and views.

Each record lists its field names once (``NAMES``) and returns its values in that order
(:meth:`Value.fields`); equality, hashing, pickling and ``repr`` all follow from those
two. Records are plain compiled classes rather than dataclasses or named tuples
(docs/engine.md): they are made at every step of every game.
"""

from __future__ import annotations

from typing import Any, ClassVar


class Value:
    """An immutable record: equal when of one class with equal fields."""

    __slots__ = ()

    NAMES: ClassVar[tuple[str, ...]] = ()
    """The field names, in the order of the constructor's arguments."""

    def fields(self) -> tuple[Any, ...]:
        """The field values, in the order of ``NAMES``."""
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Value) or type(other) is not type(self):
            return False
        return self.fields() == other.fields()

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(self.fields())

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), self.fields())

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{name}={value!r}"
            for name, value in zip(self.NAMES, self.fields(), strict=True)
            if value is not None and value != ()
        )
        return f"{type(self).__name__}({shown})"
