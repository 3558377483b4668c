"""Turning ``name=value`` text (command line, config files) into rule options."""

from __future__ import annotations

from ganzdy._core import RulesError

OptionValue = bool | int | str | None


def parse_option_value(text: str) -> OptionValue:
    """Read one option value the way a person types it: true/false, none, an int, or a word."""
    lowered = text.strip().lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if lowered == "none":
        return None
    try:
        return int(lowered)
    except ValueError:
        return text.strip()


def parse_options(items: list[str]) -> dict[str, OptionValue]:
    """Parse ``["triple_mode=bomb", "twos_in_runs=true"]`` into keyword options."""
    options: dict[str, OptionValue] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise RulesError(
                f"option {item!r} is not allowed: expected name=value, e.g. triple_mode=bomb"
            )
        options[name.strip()] = parse_option_value(value)
    return options
