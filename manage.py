#!/usr/bin/env python
import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.core.management import execute_from_command_line

    from config.embedded import ensure_configured_services

    _apply_settings_option(sys.argv)
    # Importing the settings starts nothing: the embedded services they point at are started (or found) here,
    # before the command may connect to them.
    ensure_configured_services()
    execute_from_command_line(sys.argv)


def _apply_settings_option(argv: list[str]) -> None:
    """Honour ``--settings``/``--pythonpath`` before the services are chosen, as Django itself does first."""
    from django.core.management.base import CommandError, CommandParser, handle_default_options

    parser = CommandParser(add_help=False, allow_abbrev=False)
    parser.add_argument("--settings")
    parser.add_argument("--pythonpath")
    try:
        options, _ = parser.parse_known_args(argv[2:])
    except CommandError:
        return  # a malformed option: Django reports it
    handle_default_options(options)


if __name__ == "__main__":
    main()
