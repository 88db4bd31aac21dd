"""Words marked for the table ("say: …", « dire : … », "dire: …") are never read as moves, and the
answer says they are kept aside (table talk is delivered by a later issue)."""

from __future__ import annotations

from emails.i18n import t
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


def test_the_answer_says_table_talk_is_not_sent_yet_in_three_languages() -> None:
    for lang, word in (("en", "not sent yet"), ("fr", "pas encore envoyé"),
                       ("it", "non ancora inviato")):
        assert word in t("accepted.said", lang, lines="«x»")
