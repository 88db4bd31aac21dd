"""Mail templates, board rendering, and reading replies into commands."""
