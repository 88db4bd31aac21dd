"""Words marked for the table ("say: …", « dire : … », "dire: …") are never read as moves: the
reader sets them aside with the one marker parser every channel uses (emails/talk.py), which says
them (tests/emails/test_talk_mail.py, tests/web/test_talk_page.py)."""

from __future__ import annotations

from emails.play import table_talk


def test_a_say_line_is_kept_apart_from_the_moves() -> None:
    text, said = table_talk("tile 2 at m14\nend\nsay: nice start everyone, 3 to go")
    assert said == ["nice start everyone, 3 to go"]
    assert "nice start" not in text and "tile 2 at m14" in text
    text, said = table_talk("pouvoir 9\ndire : bien joué Chiara")
    assert said == ["bien joué Chiara"] and text.strip() == "pouvoir 9"
    text, said = table_talk("potere 9\nDire: Chiara sei cattiva")
    assert said == ["Chiara sei cattiva"]


def test_a_line_that_only_starts_like_say_is_not_table_talk() -> None:
    text, said = table_talk("sayonara\ndirect: power 7")
    assert said == [] and "direct: power 7" in text
