"""The Grafana dashboard and the Prometheus alert rules query what the bot really exposes.

The bot runs as its real entry point (``python -m bot``) against the Discord stand-in,
serves a few interactions (a hand, a bad hand, a deal, a quiz answer), and its /metrics
is read with prometheus_client's own parser. Every metric name in a dashboard query, an
alert expression or the alerts' unit tests must be one of those, so a renamed metric
cannot leave a panel silently empty or an alert that can never fire. Where promtool is
installed (Debian: ``apt-get install prometheus``) the rules are also checked and their
unit tests (deploy/alerts.test.yml) run, and the dashboard's queries are parsed by it.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
import yaml
from prometheus_client.parser import text_string_to_metric_families

from tests.bot.fixtures import bot_env, free_port, start_bot_process
from tests.bot.quizhelpers import house_two, start_quiz, wait_round
from tests.bot.quizhelpers import round_messages as quiz_rounds
from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parents[1]
DASHBOARD = ROOT / "deploy" / "grafana-dashboard.json"
ALERTS = ROOT / "deploy" / "alerts.yml"
ALERT_TESTS = ROOT / "deploy" / "alerts.test.yml"

#: Series Prometheus writes itself for every scrape target.
SCRAPE_SERIES = frozenset(
    {
        "up",
        "scrape_duration_seconds",
        "scrape_samples_scraped",
        "scrape_samples_post_metric_relabeling",
        "scrape_series_added",
    }
)

#: Sample names each metric type exposes, for a family declared (HELP and TYPE) before
#: its first labelled child exists, as a counter by shard before the first reconnect.
SUFFIXES = {
    "counter": ("_total",),
    "gauge": ("",),
    "histogram": ("_bucket", "_sum", "_count"),
    "summary": ("", "_sum", "_count"),
    "info": ("_info",),
}

PROMQL_WORDS = frozenset(
    {
        "and",
        "or",
        "unless",
        "by",
        "without",
        "on",
        "ignoring",
        "group_left",
        "group_right",
        "offset",
        "bool",
        "inf",
        "nan",
    }
)


# --- metric names in PromQL ------------------------------------------------------------
def metric_names(expr: str) -> set[str]:
    """The metric names a PromQL expression selects.

    Strings, label matchers, ranges, grouping label lists and Grafana variables are
    removed first; of the identifiers left, those followed by ``(`` are functions or
    aggregations and the rest, keywords aside, are metric names.
    """
    text = re.sub(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'|`[^`]*`', " ", expr)
    text = re.sub(r"\{[^}]*\}", " ", text)
    text = re.sub(r"\[[^\]]*\]", " ", text)
    text = re.sub(r"\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)", " ", text)
    text = re.sub(r"\$\{?\w+\}?", " ", text)
    names = set()
    for match in re.finditer(r"(?<![\w.])[A-Za-z_:][\w:]*", text):
        if text[match.end() :].lstrip().startswith("("):
            continue
        if match.group().lower() not in PROMQL_WORDS:
            names.add(match.group())
    return names


def test_metric_names_can_tell() -> None:
    expr = (
        'histogram_quantile(0.99, sum by (le, instance) (rate(houseway_x_bucket{job="a",'
        ' le=~"0.5|1"}[$__rate_interval]))) > 2 and on (instance) up offset 5m'
        ' or process_resident_memory_bytes{instance=~"$instance"} * 1e3'
        " unless sum without (shard) (houseway_y_total) > bool inf"
    )
    assert metric_names(expr) == {
        "houseway_x_bucket",
        "up",
        "process_resident_memory_bytes",
        "houseway_y_total",
    }
    assert metric_names('label_values(houseway_build_info{job="$job"}, instance)') == {
        "houseway_build_info",
        "instance",
    }


# --- the dashboard and the rules -------------------------------------------------------
def dashboard() -> dict[str, Any]:
    parsed = json.loads(DASHBOARD.read_text(encoding="utf-8"))
    assert isinstance(parsed, dict)
    return parsed


def panels() -> list[dict[str, Any]]:
    found = []
    for item in dashboard()["panels"]:
        found.append(item)
        found.extend(item.get("panels", []))  # inside a collapsed row
    return found


def panel_queries() -> dict[str, str]:
    """``panel title / refId`` -> its PromQL."""
    return {
        f"{panel['title']} / {target['refId']}": target["expr"]
        for panel in panels()
        for target in panel.get("targets", [])
    }


def variable_queries() -> dict[str, str]:
    """Template variable -> the metric it reads labels from (``label_values(metric, label)``)."""
    found = {}
    for variable in dashboard()["templating"]["list"]:
        if variable["type"] != "query":
            continue
        query = (
            variable["query"]["query"] if isinstance(variable["query"], dict) else variable["query"]
        )
        match = re.fullmatch(r"label_values\((.+),\s*\w+\)", query)
        assert match, f"${variable['name']}: {query!r}"
        found[variable["name"]] = match.group(1)
    return found


def alert_rules() -> list[dict[str, Any]]:
    groups = yaml.safe_load(ALERTS.read_text(encoding="utf-8"))["groups"]
    return [rule for group in groups for rule in group["rules"]]


def alert_test_series() -> set[str]:
    tests = yaml.safe_load(ALERT_TESTS.read_text(encoding="utf-8"))["tests"]
    return {series["series"].split("{", 1)[0] for test in tests for series in test["input_series"]}


def test_dashboard_has_the_panels_an_operator_needs() -> None:
    queries = panel_queries()

    def panel_with(pattern: str) -> str:
        matching = [name for name, expr in queries.items() if re.search(pattern, expr)]
        assert matching, f"no panel queries {pattern}"
        return matching[0]

    panel_with(r"sum by \(outcome\) \(rate\(houseway_interactions_total\b")
    quantiles = {
        float(q)
        for q in re.findall(
            r"histogram_quantile\((0\.\d+), sum by \(le\) "
            r"\(rate\(houseway_interaction_seconds_bucket",
            " ".join(queries.values()),
        )
    }
    assert {0.5, 0.99} <= quantiles, quantiles
    latency = panel_with(r"^houseway_gateway_latency_seconds\{")
    target = next(
        t
        for p in panels()
        for t in p.get("targets", [])
        if f"{p['title']} / {t['refId']}" == latency
    )
    assert "{{shard}}" in target["legendFormat"]  # one line per shard
    panel_with(r"houseway_quiz_answers_total")
    panel_with(r"houseway_database_errors_total")
    panel_with(r"^process_resident_memory_bytes\{")


def test_dashboard_is_well_formed() -> None:
    board = dashboard()
    assert board["uid"] and board["title"] and board["schemaVersion"] >= 36
    ids = [panel["id"] for panel in panels()]
    assert len(ids) == len(set(ids)), "panel ids must be unique"
    variables = {v["name"] for v in board["templating"]["list"]}
    assert {"datasource", "job", "instance"} <= variables
    for panel in panels():
        grid = panel["gridPos"]
        assert grid["x"] >= 0 and grid["x"] + grid["w"] <= 24, panel["title"]
        for target in panel.get("targets", []):
            assert target["datasource"]["uid"] == "${datasource}", panel["title"]
            # Every query is limited to the chosen job and processes.
            for selector in re.findall(r"\b(?:houseway|process)_\w+(\{[^}]*\})?", target["expr"]):
                assert 'job="$job"' in selector and 'instance=~"$instance"' in selector, (
                    panel["title"],
                    target["expr"],
                )


def test_alerts_cover_the_failures_issue_15_names() -> None:
    rules = {rule["alert"]: rule for rule in alert_rules()}
    assert {
        "HousewayDown",
        "HousewayDisconnected",
        "HousewayGatewaySlow",
        "HousewayErrorRate",
        "HousewayDatabaseErrors",
    } <= set(rules)
    for name, rule in rules.items():
        assert rule["labels"]["severity"] in ("warning", "critical"), name
        assert rule["annotations"]["summary"] and rule["annotations"]["description"], name
        assert 'job="houseway"' in rule["expr"], name


# --- what the real bot exposes ---------------------------------------------------------
async def scrape_the_bot(workdir: Path) -> str:
    """Run ``python -m bot`` against the stand-in, use it a little, return /metrics."""
    fake = FakeDiscord()
    await fake.start()
    port = free_port()
    env = bot_env(
        fake, f"sqlite:///{workdir}/houseway.sqlite3", HTTP_PORT=str(port), LOG_LEVEL="WARNING"
    )
    process = await start_bot_process(env, workdir, output=asyncio.subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        await fake.wait_ready(timeout=30)
        async with aiohttp.ClientSession() as session:
            deadline = time.monotonic() + 30
            while True:
                try:
                    async with session.get(f"{base}/healthz") as response:
                        if response.status == 200:
                            break
                except aiohttp.ClientError:
                    pass
                assert time.monotonic() < deadline, "the bot's /healthz never answered 200"
                await asyncio.sleep(0.1)
            for name, options in [
                ("houseway", {"hand": "As Ah Ad Ac JK 7s 2d"}),
                ("houseway", {"hand": "not a hand"}),
                ("deal", {}),
            ]:
                await fake.wait_response(await fake.send_command(name, options), timeout=10)
            await start_quiz(fake, rounds=1, seconds=60)
            await wait_round(fake, 1)
            message = quiz_rounds(fake)[0]
            menu = next(c for c in message.custom_ids() if c.startswith("quiz:answer:"))
            member = fake.make_user("member")
            click = await fake.click(message.id, menu, values=house_two(message), user=member)
            await fake.wait_response(click, timeout=10)
            # Metrics are counted after the reply; wait for the answer to show.
            while True:
                async with session.get(f"{base}/metrics") as response:
                    exposition = await response.text()
                if re.search(r"^houseway_quiz_answers_total 1\.0$", exposition, re.M):
                    return exposition
                assert time.monotonic() < deadline + 30, "the quiz answer was never counted"
                await asyncio.sleep(0.1)
    finally:
        process.terminate()
        await process.wait()
        await fake.stop()


@pytest.fixture(scope="module")
def exposition(tmp_path_factory: pytest.TempPathFactory) -> str:
    return asyncio.run(scrape_the_bot(tmp_path_factory.mktemp("metrics")))


@pytest.fixture(scope="module")
def exposed(exposition: str) -> set[str]:
    """Every sample name /metrics has, or declares for a family with no sample yet."""
    names = set()
    for family in text_string_to_metric_families(exposition):
        names |= {sample.name for sample in family.samples}
        names |= {family.name + suffix for suffix in SUFFIXES.get(family.type, ("",))}
    return names


def test_the_bot_exposes_the_series_the_panels_show(exposition: str) -> None:
    """These have samples after the interactions above (not only a declaration)."""
    samples = {
        sample.name: sample
        for family in text_string_to_metric_families(exposition)
        for sample in family.samples
    }
    for name in (
        "houseway_interactions_total",
        "houseway_interaction_seconds_bucket",
        "houseway_gateway_latency_seconds",
        "houseway_quiz_answers_total",
        "houseway_database_errors_total",
        "houseway_build_info",
        "houseway_guilds",
        "process_resident_memory_bytes",
        "process_cpu_seconds_total",
    ):
        assert name in samples, name
    outcomes = {
        sample.labels["outcome"]
        for family in text_string_to_metric_families(exposition)
        for sample in family.samples
        if sample.name == "houseway_interactions_total"
    }
    assert {"ok", "bad_input"} <= outcomes
    assert samples["houseway_gateway_latency_seconds"].labels == {"shard": "0"}


def test_dashboard_queries_only_exposed_metrics(exposed: set[str]) -> None:
    queries = {**panel_queries(), **{f"${k}": v for k, v in variable_queries().items()}}
    unknown = {
        name: sorted(metric_names(expr) - exposed - SCRAPE_SERIES)
        for name, expr in queries.items()
        if metric_names(expr) - exposed - SCRAPE_SERIES
    }
    assert not unknown, unknown
    assert all(metric_names(expr) for expr in queries.values())


def test_alert_rules_query_only_exposed_metrics(exposed: set[str]) -> None:
    unknown = {
        rule["alert"]: sorted(metric_names(rule["expr"]) - exposed - SCRAPE_SERIES)
        for rule in alert_rules()
        if metric_names(rule["expr"]) - exposed - SCRAPE_SERIES
    }
    assert not unknown, unknown


def test_alert_unit_tests_feed_exposed_metrics(exposed: set[str]) -> None:
    """An alert test fed a misspelt series would prove nothing about the real one."""
    assert alert_test_series() - exposed - SCRAPE_SERIES == set()


# --- promtool ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def promtool() -> str:
    found = shutil.which("promtool")
    if found is None:
        if os.environ.get("HOUSEWAY_REQUIRE_PROMTOOL"):  # CI installed it: it must run
            pytest.fail("HOUSEWAY_REQUIRE_PROMTOOL is set but promtool is not on the PATH")
        pytest.skip("promtool is not installed (Debian: apt-get install prometheus)")
    return found


def run_promtool(promtool: str, *args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [promtool, *args], cwd=cwd, capture_output=True, text=True, timeout=120, check=False
    )


def test_promtool_checks_the_rules(promtool: str) -> None:
    done = run_promtool(promtool, "check", "rules", str(ALERTS))
    assert done.returncode == 0, done.stdout + done.stderr


def test_promtool_runs_the_alert_unit_tests(promtool: str) -> None:
    done = run_promtool(promtool, "test", "rules", ALERT_TESTS.name, cwd=ALERT_TESTS.parent)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture
def grafana_free_queries(tmp_path: Path) -> Iterator[Path]:
    """The dashboard's queries as recording rules, Grafana's variables given values, so
    that promtool parses each one."""
    values = {"$__rate_interval": "5m", "$job": "houseway", "$instance": ".*"}
    rules = []
    for number, expr in enumerate(panel_queries().values()):
        for variable, value in values.items():
            expr = expr.replace(variable, value)
        assert "$" not in expr, expr
        rules.append({"record": f"houseway:dashboard_query_{number}", "expr": expr})
    path = tmp_path / "dashboard-queries.yml"
    path.write_text(yaml.safe_dump({"groups": [{"name": "dashboard", "rules": rules}]}))
    yield path


def test_promtool_parses_the_dashboard_queries(promtool: str, grafana_free_queries: Path) -> None:
    done = run_promtool(promtool, "check", "rules", str(grafana_free_queries))
    assert done.returncode == 0, done.stdout + done.stderr
