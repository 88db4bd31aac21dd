"""Celery workers: resolve secret choices, deadlines, reminders, mail (see issue 4)."""
