"""Shipped prompt families (prompts/*.toml) and a user's own family files, loaded and checked by name or path."""

from __future__ import annotations

import hashlib
import tomllib
from functools import cache
from pathlib import Path

from arena.paths import read_small_file
from arena.prompting.family import PromptFamily
from arena.prompting.names import PROMPTS, SHIPPED, shipped_names
from arena.prompting.schema import FamilyFile, validate_family


def _parse(raw: bytes, where: str) -> FamilyFile:
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ValueError(f"{where}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{where}: not valid TOML ({error})") from None
    except RecursionError:
        raise ValueError(f"{where}: tables or arrays nested too deeply") from None
    return validate_family(data, where)


@cache
def _shipped(stem: str) -> tuple[FamilyFile, str]:
    raw = (PROMPTS / f"{stem}.toml").read_bytes()
    return _parse(raw, f"prompts/{stem}.toml"), hashlib.sha256(raw).hexdigest()


def game_family_names() -> tuple[str, ...]:
    """The shipped families that play games (the quiz's own are left out)."""
    return tuple(name for stem in SHIPPED if _shipped(stem)[0].layout != "quiz" for name in _shipped(stem)[0].names())


def is_family_path(name: str) -> bool:
    """Whether a --prompt value names a file rather than a shipped family."""
    return name.partition("#")[0].endswith(".toml")


def checked_names() -> tuple[str, ...]:
    """Every shipped family name as the checked files give them (a test holds them equal to `shipped_names`)."""
    return tuple(name for stem in SHIPPED for name in _shipped(stem)[0].names())


def _pick(spec: FamilyFile, variant: str | None, where: str) -> str | None:
    if variant is None:
        if spec.plain:
            return None
        return spec.variants[0]
    if variant not in spec.variants:
        offered = ", ".join(spec.names())
        raise ValueError(f"{where} has no variant {variant!r} (it offers {offered})")
    return variant


def load_family_file(argument: str, show_legal: bool = True, constrained: bool = False) -> PromptFamily:
    """A user's family file, `PATH.toml` or `PATH.toml#variant`; ValueError in one line on any fault."""
    location, _, variant = argument.partition("#")
    path = Path(location).expanduser()
    try:
        raw = read_small_file(path)
    except FileNotFoundError:
        raise ValueError(f"prompt file {location}: no such file") from None
    except IsADirectoryError:
        raise ValueError(f"prompt file {location}: is a folder, not a file") from None
    except OSError as error:
        raise ValueError(f"prompt file {location}: cannot be read ({error.strerror})") from None
    spec = _parse(raw, f"prompt file {location}")
    if spec.family in SHIPPED:
        raise ValueError(f"prompt file {location}: family {spec.family!r} is a shipped family; give yours another name")
    chosen = _pick(spec, variant or None, f"prompt file {location}")
    name = spec.family if chosen is None else f"{spec.family}-{chosen}"
    digest = hashlib.sha256(raw).hexdigest()
    return PromptFamily(name, spec, digest, chosen, show_legal, constrained, str(path.resolve()))


def load_family(name: str, show_legal: bool = True, constrained: bool = False) -> PromptFamily:
    """A shipped family by name, or a user's file by path; ValueError names the choices."""
    if is_family_path(name):
        return load_family_file(name, show_legal, constrained)
    for stem in SHIPPED:
        spec, digest = _shipped(stem)
        if name in spec.names():
            variant = name.removeprefix(spec.family).removeprefix("-") or None
            return PromptFamily(name, spec, digest, variant, show_legal, constrained)
    choices = ", ".join(shipped_names())
    raise ValueError(f"unknown prompt family {name!r} (choose from {choices}, or give a PATH.toml of your own)")
