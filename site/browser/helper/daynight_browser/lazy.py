"""Lazy stand-ins for modules the browser's kernel imports at start without using them."""

from __future__ import annotations

import importlib
import sys
import types


class LazyModule(types.ModuleType):
    """A module's stand-in in ``sys.modules`` until the real module is first used: reading a
    name it does not have, or calling one of its forwarding functions, imports the real
    module; names set on it meanwhile (a kernel's settings) are set on the real module too."""

    def __init__(self, name: str, functions: tuple[str, ...]):
        super().__init__(name, f"Stand-in for {name}: the real module is imported on first use.")
        object.__setattr__(self, "_lazy_set", {})
        object.__setattr__(self, "_lazy_real", None)
        for function in functions:
            object.__setattr__(self, function, self._forward(function))

    def _forward(self, function: str):
        def call(*args, **kwargs):
            return getattr(self._load(), function)(*args, **kwargs)

        call.__name__ = call.__qualname__ = function
        return call

    def _load(self) -> types.ModuleType:
        if self._lazy_real is None:
            if sys.modules.get(self.__name__) is self:
                del sys.modules[self.__name__]
            real = importlib.import_module(self.__name__)
            for key, value in self._lazy_set.items():
                setattr(real, key, value)
            object.__setattr__(self, "_lazy_real", real)
        return self._lazy_real

    def __getattr__(self, attribute: str):
        if attribute.startswith("__"):  # the import system's questions (__path__, __file__...)
            raise AttributeError(attribute)
        return getattr(self._load(), attribute)

    def __setattr__(self, attribute: str, value) -> None:
        if self._lazy_real is not None:
            setattr(self._lazy_real, attribute, value)
        else:
            self._lazy_set[attribute] = value
        object.__setattr__(self, attribute, value)


def lazy_module(name: str, functions: tuple[str, ...] = (), *, with_parent: bool = False) -> LazyModule:
    """Put a :class:`LazyModule` for ``name`` into ``sys.modules`` (``functions``: the names
    its importers take from it at once, which call the real module when called). With
    ``with_parent``, its parent package is imported now and gets the stand-in as its
    attribute, so that ``import parent.name; parent.name.x = 1`` works."""
    stand_in = LazyModule(name, functions)
    sys.modules[name] = stand_in
    parent, _, child = name.rpartition(".")
    if with_parent and parent:
        setattr(importlib.import_module(parent), child, stand_in)
    return stand_in
