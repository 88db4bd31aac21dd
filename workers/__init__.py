"""Celery workers: resolve secret choices, deadlines, reminders, mail."""
