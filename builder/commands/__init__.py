"""The command-line subcommands, one module per group, each imported only when it runs."""
