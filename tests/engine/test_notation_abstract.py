"""``Notated.read`` and ``Notated.to_text`` are abstract: an action type lacking one cannot be built or used."""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any, ClassVar

import pytest

from longhouse.engine.notation import JSON, ActionTable, Notated, abstract_methods
from longhouse.games.five_tribes import actions as five_tribes_actions
from longhouse.games.manitou import actions as manitou_actions


@dataclasses.dataclass(frozen=True, slots=True)
class NoText(Notated):
    kind: ClassVar[str] = "no_text"
    n: int

    @classmethod
    def read(cls, data: JSON) -> NoText:
        return cls(data["n"])


@dataclasses.dataclass(frozen=True, slots=True)
class NoRead(Notated):
    kind: ClassVar[str] = "no_read"
    n: int

    def to_text(self) -> str:
        return f"no_read {self.n}"


@dataclasses.dataclass(frozen=True, slots=True)
class Whole(Notated):
    kind: ClassVar[str] = "whole"
    n: int

    @classmethod
    def read(cls, data: JSON) -> Whole:
        return cls(data["n"])

    def to_text(self) -> str:
        return f"whole {self.n}"


def test_the_base_itself_cannot_be_built() -> None:
    with pytest.raises(TypeError, match="abstract"):
        Notated()  # type: ignore[abstract]


@pytest.mark.parametrize(("cls", "missing"), [(NoText, "to_text"), (NoRead, "read")])
def test_a_type_lacking_read_or_to_text_cannot_be_built_nor_put_in_a_table(cls: Any, missing: str) -> None:
    assert inspect.isabstract(cls) and abstract_methods(cls) == {missing}
    with pytest.raises(TypeError, match=missing):
        cls(1)
    with pytest.raises(TypeError, match=f"lacks {missing}"):
        ActionTable("test", [Whole, cls], "whole N")


def test_a_complete_type_is_built_and_read_back_through_its_table() -> None:
    assert not inspect.isabstract(Whole)
    table = ActionTable("test", [Whole], "whole N")
    action = table.from_json({"type": "whole", "n": 3})
    assert (
        action == Whole(3) and table.to_text(action) == "whole 3" and table.to_json(action) == {"type": "whole", "n": 3}
    )


@pytest.mark.parametrize("module", [manitou_actions, five_tribes_actions])
def test_every_action_type_of_the_games_is_a_concrete_slotted_frozen_dataclass(module: Any) -> None:
    for cls in module.NOTATION.types:
        assert issubclass(cls, Notated) and not inspect.isabstract(cls), cls
        params = cls.__dataclass_params__
        assert params.frozen and "__dict__" not in dir(cls), cls
        # plain classes, no ABCMeta: a failed isinstance against an action type stays a C-level check
        assert type(cls) is type, cls
