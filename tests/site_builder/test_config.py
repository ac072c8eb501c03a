"""Config: defaults, and every bad key of [tool.kradan.site] reported at once."""
from site_builder.config import SiteConfig, load_config


def test_defaults_without_a_table(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    assert load_config(tmp_path, ("makruk",)) == (SiteConfig(), [])


def test_overrides(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.kradan.site]\nname_en = "Board"\ngames = ["makruk"]\n')
    config, problems = load_config(tmp_path, ("makruk",))
    assert problems == [] and config.name("en") == "Board" and config.name("th") == "กระดาน"


def test_every_error_is_reported(tmp_path):
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\n\n[tool.kradan.site]\nname_th = 3\ncolour = "red"\ngames = []\n')
    _, problems = load_config(tmp_path, ("makruk",))
    assert [(p.line, p.what) for p in problems] == [
        (5, "[tool.kradan.site] name_th must be a string"),
        (6, "unknown key 'colour' in [tool.kradan.site]"),
        (7, "[tool.kradan.site] games is empty"),
    ]
