"""The one test on the real tree: `check` passes on content/ as committed."""
from sb_helpers import PROJECT

from site_builder.__main__ import main


def test_check_passes_on_the_real_content(capsys):
    assert main(["--root", str(PROJECT), "check"]) == 0, capsys.readouterr().err
