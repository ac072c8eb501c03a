"""UI strings: Thai first, and the same keys in every language."""
from site_builder.i18n import LANGS, STRINGS


def test_thai_first_and_same_keys():
    assert LANGS == ("th", "en")
    assert set(STRINGS["th"]) == set(STRINGS["en"])
    assert all(value.strip() for strings in STRINGS.values() for value in strings.values())
