"""The docs stand alone: nothing cites a file a user of the repository does not have.

The project began from a contract and seed documents kept beside the repository, which
a user of it never sees. Their content now lives in docs/records.md and docs/rules.md;
these tests keep it that way:

- no doc, README.md, source file (Python, JavaScript, styles, pages) or test cites the
  contract's files (``RECORD.md``, ``RULES.md``, ``ARCHITECTURE.md``), a ``../shared``
  or ``seeds/`` path, or a seed document by its file name (``000_…``);
- every relative link in the docs and README.md, and every ``docs/….md`` a source file
  or test names, points at a file that exists (and a ``#section`` at a heading in it);
- every source file the docs and README.md name (``server/match/core.py``) exists, so a
  module moved leaves no doc behind;
- every rule id (``R-…``) cited anywhere is defined in docs/rules.md.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
README = ROOT / "README.md"
TEXT_SUFFIXES = {".py", ".md", ".js", ".css", ".html", ".json", ".toml", ".txt", ".ini", ".mako"}

OUTSIDE = re.compile(
    r"(?:RECORD|RULES|ARCHITECTURE)\.md"  # the contract's files (docs/architecture.md is ours)
    r"|\.\./shared|shared/spec|shared/seeds|seeds/"  # the folders beside the repository
    r"|\b00[0-9]_(?:…|\.\.\.|[0-9a-f]{4,})"  # a seed document by its file name
)
RULE_ID = re.compile(r"\bR-[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*")
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
DOC_PATH = re.compile(r"\bdocs/[\w.-]+\.(?:md|json)\b")


def text_files(*roots: Path) -> Iterator[Path]:
    """Every text file under ``roots`` (a file given stands for itself)."""
    for root in roots:
        if root.is_file():
            yield root
            continue
        for path in sorted(root.rglob("*")):
            if path.is_file() and path.suffix in TEXT_SUFFIXES and "__pycache__" not in path.parts:
                yield path


def cited_outside(text: str) -> list[str]:
    """The lines of ``text`` that cite a file outside the repository."""
    return [line.strip() for line in text.splitlines() if OUTSIDE.search(line)]


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation gone, spaces to '-'."""
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The anchors of a Markdown file's headings (fenced code left out)."""
    out: set[str] = set()
    fenced = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (match := re.match(r"#{1,6} (.+)", line)):
            out.add(slug(match.group(1)))
    return out


def broken_links(path: Path) -> list[str]:
    """Relative links of a Markdown file whose file or heading does not exist."""
    broken = []
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):  # http:, https:, mailto:
            continue
        file_part, _, anchor = target.partition("#")
        linked = path if not file_part else (path.parent / file_part).resolve()
        if not linked.exists():
            broken.append(f"{target}: no file {file_part}")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(f"{target}: no heading #{anchor} in {linked.name}")
    return broken


SOURCES = [DOCS, README, ROOT / "src", ROOT / "tests", ROOT / "examples", ROOT / "benchmarks"]


# ------------------------------------------------------------------ nothing cited outside
@pytest.mark.parametrize("path", list(text_files(*SOURCES)), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_file_cites_the_contract_or_seeds_outside_the_repository(path: Path) -> None:
    if path == Path(__file__).resolve():
        return  # this file names what it looks for
    assert cited_outside(path.read_text(encoding="utf-8", errors="replace")) == []


@pytest.mark.parametrize(
    "line",
    [
        "The format is the one of RECORD.md.",
        "as in the table of RULES.md",
        "(ARCHITECTURE.md, Engine)",
        "see ../shared/spec/RECORD.md",
        "the seed file seeds/000_00742980161632af.txt",
        "the preparation screen of ``000_…``",
        "the house rules of `001_...`",
    ],
)
def test_the_check_finds_each_kind_of_citation(line: str) -> None:
    assert cited_outside(line) == [line]


@pytest.mark.parametrize(
    "line",
    [
        "docs/architecture.md, Layers",
        "docs/records.md, *Events*",
        "a seed of 1_000_000 and target 1_000_000",
        "the soak's --soak-shard K/N; seeds 1-40",
        "records.md and rules.md",
    ],
)
def test_the_check_leaves_the_projects_own_words_alone(line: str) -> None:
    assert cited_outside(line) == []


# ------------------------------------------------------------------ links that lead somewhere
@pytest.mark.parametrize("path", [README, *sorted(DOCS.glob("*.md"))], ids=lambda p: p.name)
def test_relative_links_in_the_docs_lead_to_files_and_headings_that_exist(path: Path) -> None:
    assert broken_links(path) == []


def test_the_link_check_finds_a_missing_file_and_a_missing_heading(tmp_path: Path) -> None:
    (tmp_path / "there.md").write_text("# There\n\n## A `code` heading [x]\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text(
        "[ok](there.md) [ok](there.md#a-code-heading-x) [ok](https://example.org/x.md)"
        " [gone](../shared/spec/RULES.md) [no heading](there.md#elsewhere) [self](#nowhere)\n"
        "```\n[in code](missing.md)\n```\n# Page\n",
        encoding="utf-8",
    )
    assert broken_links(page) == [
        "../shared/spec/RULES.md: no file ../shared/spec/RULES.md",
        "there.md#elsewhere: no heading #elsewhere in there.md",
        "#nowhere: no heading #nowhere in page.md",
    ]


FILE_PATH = re.compile(
    r"(?<![\w/.-])((?:src|tests|benchmarks|examples|younuo|server|engine|client|tui|store"
    r"|protocol|bots|sim|social|tournaments|fairplay|cli|web)/[\w/.-]*\.(?:py|md|json|js|txt))\b"
)
# Where a path in the docs may be read from: as written, under src/ or the package, or
# under tests/ ("server/test_x.py" in a list of tests).
PATH_BASES = (ROOT, ROOT / "src", ROOT / "src" / "younuo", ROOT / "tests")


def missing_paths(text: str) -> list[str]:
    """The source paths ``text`` names that exist under none of :data:`PATH_BASES`."""
    return [
        path
        for path in FILE_PATH.findall(text)
        if "*" not in path and not any((base / path).exists() for base in PATH_BASES)
    ]


@pytest.mark.parametrize("path", [README, *sorted(DOCS.glob("*.md"))], ids=lambda p: p.name)
def test_every_source_file_the_docs_name_exists(path: Path) -> None:
    """A module moved or renamed leaves no doc pointing at its old place."""
    assert missing_paths(path.read_text(encoding="utf-8")) == []


def test_the_path_check_finds_an_old_module_place() -> None:
    text = "`server/matchcore.py`, `src/younuo/server/match/core.py`, tests/server/test_docs.py"
    assert missing_paths(text) == ["server/matchcore.py"]


def test_every_docs_page_named_in_the_code_and_docs_exists() -> None:
    missing = set()
    for path in text_files(*SOURCES):
        for name in DOC_PATH.findall(path.read_text(encoding="utf-8", errors="replace")):
            if not (ROOT / name).exists():
                missing.add(f"{path.relative_to(ROOT)}: {name}")
    assert sorted(missing) == []


# ------------------------------------------------------------------ rule ids
def test_every_rule_id_cited_is_defined_in_rules_md() -> None:
    defined = set(RULE_ID.findall((DOCS / "rules.md").read_text(encoding="utf-8")))
    cited: dict[str, str] = {}
    for path in text_files(*SOURCES):
        for rule in RULE_ID.findall(path.read_text(encoding="utf-8", errors="replace")):
            cited.setdefault(rule, str(path.relative_to(ROOT)))
    assert {rule: where for rule, where in cited.items() if rule not in defined} == {}
    assert len(defined) >= 40
