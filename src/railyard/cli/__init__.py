"""The ``railyard`` command line: one click group, subcommands discovered from
``railyard/cli/cmd_*.py`` modules that define ``command``."""
