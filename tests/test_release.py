"""The release workflow (.github/workflows/release.yml), which only GitHub runs: actionlint
finds nothing in it, it builds every download the README names (file names included) on the
systems it promises, Linux on Debian 11 with the glibc check, and it attaches the archives
and their sums to the tag's release."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
README = ROOT / "README.md"

TARGETS = {("windows", "x86_64"), ("macos", "arm64"), ("macos", "x86_64"), ("linux", "x86_64")}
"""What issue 14 asks for: the systems and processors players get a download for."""


def _actionlint() -> str:
    """The actionlint command of the test extra (a wheel carrying the binary), beside this
    Python first, else on PATH."""
    for folder in (Path(sys.executable).parent, None):
        found = shutil.which("actionlint", path=str(folder) if folder else None)
        if found:
            return found
    pytest.fail("actionlint is not installed: pip install -e '.[test]' brings it")


def _lint(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([_actionlint(), "-no-color", "-oneline", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)


def test_actionlint_finds_nothing_in_the_workflow() -> None:
    done = _lint(WORKFLOW)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


@pytest.mark.parametrize(("old", "new", "finding"), [
    ("runs-on: ${{ matrix.runner }}", "runs-on: macos-9-potato", "label"),
    ("needs.version.outputs.version", "needs.version.outputs.versoin", "versoin"),
    ("actions/checkout@v5", "actions/checkout@v1", "checkout@v1"),
    ('test -f "dist/$ARCHIVE"', 'test -f dist/$ARCHIVE', "SC2086"),
])
def test_actionlint_would_catch_a_broken_workflow(tmp_path: Path, old: str, new: str,
                                                  finding: str) -> None:
    """The check is not a formality: each of these slips in the workflow is a finding."""
    if finding.startswith("SC") and shutil.which("shellcheck") is None:
        if os.environ.get("CI") and sys.platform.startswith("linux"):
            pytest.fail("shellcheck is missing (.ci/run installs it)")
        pytest.skip("actionlint checks run: scripts with shellcheck (apt-get install shellcheck)")
    text = WORKFLOW.read_text(encoding="utf-8")
    assert old in text
    broken = tmp_path / ".github" / "workflows" / "release.yml"
    broken.parent.mkdir(parents=True)
    broken.write_text(text.replace(old, new, 1), encoding="utf-8")
    done = _lint(broken)
    assert done.returncode != 0 and finding in done.stdout, done.stdout + done.stderr


@pytest.fixture(scope="module")
def workflow() -> dict[str, Any]:
    loaded = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


@pytest.fixture(scope="module")
def build() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mecha_corta_build_for_release",
                                                  ROOT / "build" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _runs(job: dict[str, Any]) -> str:
    return "\n".join(str(step.get("run", "")) for step in job["steps"])


def _uses(job: dict[str, Any]) -> list[str]:
    return [str(step["uses"]) for step in job["steps"] if "uses" in step]


def _targets(workflow: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
    """(system, arch) → how the workflow builds it: runner, container, suffix, the job."""
    jobs = workflow["jobs"]
    found: dict[tuple[str, str], dict[str, Any]] = {
        ("linux", "x86_64"): {"runner": jobs["linux"]["runs-on"], "suffix": ".tar.gz",
                              "container": jobs["linux"].get("container"),
                              "job": jobs["linux"]}}
    for entry in jobs["desktop"]["strategy"]["matrix"]["include"]:
        found[(entry["system"], entry["arch"])] = {**entry, "job": jobs["desktop"]}
    return found


def test_it_runs_on_a_version_tag_and_by_hand(workflow: dict[str, Any]) -> None:
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as true
    assert triggers["push"]["tags"] == ["v*"]
    assert "workflow_dispatch" in triggers
    assert set(triggers) == {"push", "workflow_dispatch"}
    assert workflow["permissions"] == {"contents": "read"}  # write only where it publishes
    version = _runs(workflow["jobs"]["version"])
    assert 'tomllib.load(open("pyproject.toml", "rb"))["project"]["version"]' in version
    assert '"$REF_NAME" != "v$version"' in version  # a tag that is not the version stops it


def test_it_builds_every_system_on_its_own_runner(workflow: dict[str, Any]) -> None:
    targets = _targets(workflow)
    assert set(targets) == TARGETS
    assert targets[("windows", "x86_64")]["runner"].startswith("windows-")
    assert targets[("windows", "x86_64")]["suffix"] == ".zip"
    # GitHub's macOS 14 and 15 images run on Apple silicon; the -intel ones on Intel
    assert re.fullmatch(r"macos-1[4-9]", targets[("macos", "arm64")]["runner"])
    assert re.fullmatch(r"macos-1[5-9]-intel", targets[("macos", "x86_64")]["runner"])
    desktop = targets[("macos", "arm64")]["job"]
    assert any(use.startswith("actions/setup-python@") for use in _uses(desktop))
    runs = _runs(desktop)
    assert 'pip install -e ".[build]"' in runs
    assert 'build/build.py --clean --selftest' in runs


def test_linux_is_built_on_debian_11_and_checked_for_glibc_2_31(
        workflow: dict[str, Any]) -> None:
    linux = workflow["jobs"]["linux"]
    assert linux["runs-on"] == "ubuntu-latest"
    assert linux["container"] == "python:3.11-bullseye"  # Debian 11: glibc 2.31
    runs = _runs(linux)
    assert "build/build.py --clean --selftest --max-glibc 2.31" in runs
    tried = workflow["jobs"]["linux-try"]
    assert tried["needs"] == ["version", "linux"]
    assert set(tried["strategy"]["matrix"]["image"]) == {"debian:11", "ubuntu:20.04"}
    assert tried["container"] == "${{ matrix.image }}"
    runs = _runs(tried)
    assert "sha256sum -c" in runs and '--selftest' in runs
    assert 'sh "dist/$NAME/install.sh"' in runs
    assert "StartupWMClass=mecha-corta" in runs
    assert 'sh "$HOME/.local/share/mecha-corta/uninstall.sh"' in runs


def test_each_job_keeps_the_archive_the_readme_names(workflow: dict[str, Any],
                                                     build: ModuleType) -> None:
    """The archive's name in the workflow is build.py's name for that system; the job
    fails when the build made another, and uploads that one file and its sum."""
    for (system, arch), target in _targets(workflow).items():
        job = target["job"]
        expected = build.archive_name("{V}", system, arch) + build.archive_suffix(system)
        archive = job["env"]["ARCHIVE"]
        archive = archive.replace("${{ needs.version.outputs.version }}", "{V}")
        archive = archive.replace("${{ matrix.system }}", system)
        archive = archive.replace("${{ matrix.arch }}", arch)
        archive = archive.replace("${{ matrix.suffix }}", target["suffix"])
        assert archive == expected, (system, arch)
        assert 'test -f "dist/$ARCHIVE" && test -f "dist/$ARCHIVE.sha256"' in _runs(job)
        (upload,) = [step for step in job["steps"]
                     if str(step.get("uses", "")).startswith("actions/upload-artifact@")]
        assert upload["with"]["path"].splitlines() == ["dist/${{ env.ARCHIVE }}",
                                                  "dist/${{ env.ARCHIVE }}.sha256"]
        assert upload["with"]["if-no-files-found"] == "error"


def test_the_release_gets_the_archives_and_their_sums(workflow: dict[str, Any]) -> None:
    release = workflow["jobs"]["release"]
    assert release["if"] == "github.ref_type == 'tag'"
    assert set(release["needs"]) == {"version", "linux", "linux-try", "desktop"}
    assert release["permissions"] == {"contents": "write"}
    (download,) = [step for step in release["steps"]
                   if str(step.get("uses", "")).startswith("actions/download-artifact@")]
    assert download["with"] == {"pattern": "download-*", "path": "dist",
                                "merge-multiple": True}
    runs = _runs(release)
    assert "sha256sum -c ./*.sha256" in runs and "cat ./*.sha256 > SHA256SUMS" in runs
    assert f'-eq {len(TARGETS)}' in runs  # one sum per download
    assert 'gh release create "$TAG" dist/*' in runs
    assert 'gh release upload "$TAG" dist/* --clobber' in runs


def _download_table() -> list[list[str]]:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Download and play", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    assert len(rows) > 2, "the table is gone from README's 'Download and play'"
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows[2:]]


def test_the_readme_table_names_what_the_workflow_builds(workflow: dict[str, Any],
                                                         build: ModuleType) -> None:
    rows = _download_table()
    names = re.findall(r"`(mecha-corta-<version>-[^`]+)`", "\n".join(row[1] for row in rows))
    expected = {build.archive_name("<version>", system, arch) + build.archive_suffix(system)
                for system, arch in _targets(workflow)}
    assert set(names) == expected
    assert len(names) == len(expected) == len(rows)
    text = README.read_text(encoding="utf-8")
    assert "SHA256SUMS" in text.split("## Download and play", 1)[1].split("\n## ", 1)[0]
    linux = next(row for row in rows if "linux-x86_64" in row[1])
    assert "glibc 2.31" in linux[0] and "install.sh" in linux[2]
    macos = next(row for row in rows if "macos-arm64" in row[1])
    assert "Mecha Corta.app" in macos[2]
    windows = next(row for row in rows if "windows-x86_64" in row[1])
    assert "mecha-corta.exe" in windows[2]


def test_the_version_in_the_archive_names_is_pyprojects(build: ModuleType) -> None:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        version = tomllib.load(handle)["project"]["version"]
    assert build.read_version() == version
    assert re.fullmatch(r"\d+\.\d+\.\d+", version)  # what the tag v<version> is made from
