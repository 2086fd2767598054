"""The Kubernetes manifests in deploy/k8s, read with PyYAML and checked for their wiring.

The pod's shard slice is computed by a few lines of shell in the container command, from
the pod's ordinal; here that very script runs with /bin/sh for every ordinal of the
StatefulSet (and of other sizes), after Kubernetes' own ``$(VAR)`` expansion, and what it
hands the bot goes through the bot's real settings parser. Together the pods must run
every shard exactly once, and exactly one of them must sync the commands.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from bot.service.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
K8S = ROOT / "deploy" / "k8s"
GUIDE = ROOT / "deploy" / "README.md"
BOT_STOP_SECONDS = 10
"""The bot closes and exits within this many seconds of SIGTERM."""


def manifests() -> dict[str, dict[str, Any]]:
    """kind -> the one manifest of that kind in deploy/k8s."""
    found: dict[str, dict[str, Any]] = {}
    for path in sorted(K8S.glob("*.yaml")):
        for document in yaml.safe_load_all(path.read_text(encoding="utf-8")):
            assert document["kind"] not in found, f"two {document['kind']}s"
            found[document["kind"]] = document
    return found


@pytest.fixture(scope="module")
def statefulset() -> dict[str, Any]:
    return manifests()["StatefulSet"]


@pytest.fixture(scope="module")
def pod(statefulset: dict[str, Any]) -> dict[str, Any]:
    return statefulset["spec"]["template"]


@pytest.fixture(scope="module")
def container(pod: dict[str, Any]) -> dict[str, Any]:
    (bot,) = pod["spec"]["containers"]
    return bot


def env_entries(container: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {entry["name"]: entry for entry in container["env"]}


def literal_env(container: dict[str, Any]) -> dict[str, str]:
    return {
        name: str(entry["value"])
        for name, entry in env_entries(container).items()
        if "value" in entry
    }


def kubernetes_expand(text: str, env: dict[str, str]) -> str:
    """What Kubernetes does to a command before running it: ``$(NAME)`` of a variable
    the container defines becomes its value, ``$$`` becomes ``$``, the rest stays."""

    def substitute(match: re.Match[str]) -> str:
        if match.group(0) == "$$":
            return "$"
        return env.get(match.group(1), match.group(0))

    return re.sub(r"\$\$|\$\(([^)]*)\)", substitute, text)


#: Placeholder values for what the pod takes from the Secret.
SECRET_VALUES = {
    "discord-token": "token-from-the-secret",
    "database-url": "postgresql://houseway:pw@postgres:5432/houseway",
}


def pod_environment(
    statefulset: dict[str, Any], container: dict[str, Any], ordinal: int, **override: str
) -> dict[str, str]:
    """The environment Kubernetes gives pod ``ordinal``'s container."""
    env = {"PATH": "/usr/bin:/bin"}
    for name, entry in env_entries(container).items():
        if "value" in entry:
            env[name] = str(entry["value"])
        elif entry["valueFrom"].get("fieldRef", {}).get("fieldPath") == "metadata.name":
            env[name] = f"{statefulset['metadata']['name']}-{ordinal}"
        else:
            env[name] = SECRET_VALUES[entry["valueFrom"]["secretKeyRef"]["key"]]
    env.update(override)
    return env


def start_pod(
    statefulset: dict[str, Any], container: dict[str, Any], ordinal: int, **override: str
) -> subprocess.CompletedProcess[str]:
    """Run the container's command for pod ``ordinal`` with ``env`` in place of the bot:
    it prints the environment the bot would have started with."""
    env = pod_environment(statefulset, container, ordinal, **override)
    command = [kubernetes_expand(part, env) for part in container["command"]]
    return subprocess.run(
        [*command, "env"], env=env, capture_output=True, text=True, timeout=30, check=False
    )


def bot_settings(done: subprocess.CompletedProcess[str]) -> Settings:
    assert done.returncode == 0, done.stderr
    environment = dict(line.split("=", 1) for line in done.stdout.splitlines() if "=" in line)
    return Settings.from_env(environment, None)


def test_kubernetes_expansion_can_tell() -> None:
    env = {"A": "x"}
    assert kubernetes_expand("$(A) $$(A) $(B) $((1 + 2)) ${A} $$", env) == (
        "x $(A) $(B) $((1 + 2)) ${A} $"
    )


def test_the_container_execs_its_arguments(container: dict[str, Any]) -> None:
    """``exec "$@"``: the bot (the args) replaces the shell as PID 1 and gets SIGTERM."""
    assert container["command"][:2] == ["/bin/sh", "-c"]
    assert container["command"][2].rstrip().endswith('exec "$@"')
    assert container["args"] == ["houseway-bot"]


def test_every_shard_runs_exactly_once_and_one_pod_syncs(
    statefulset: dict[str, Any], container: dict[str, Any]
) -> None:
    replicas = statefulset["spec"]["replicas"]
    settings = [bot_settings(start_pod(statefulset, container, k)) for k in range(replicas)]
    (shard_count,) = {s.shard_count for s in settings}
    assert shard_count is not None and shard_count >= replicas
    shards = [shard for s in settings for shard in s.shard_ids or ()]
    assert sorted(shards) == list(range(shard_count)), shards
    assert [s.sync_commands for s in settings] == [True] + [False] * (replicas - 1)
    per_pod = int(literal_env(container)["SHARDS_PER_POD"])
    for ordinal, s in enumerate(settings):
        assert s.shard_ids == tuple(range(ordinal * per_pod, (ordinal + 1) * per_pod))


@pytest.mark.parametrize(("replicas", "per_pod"), [(1, 1), (3, 4), (5, 3), (16, 1)])
def test_the_mapping_holds_for_other_sizes(
    statefulset: dict[str, Any], container: dict[str, Any], replicas: int, per_pod: int
) -> None:
    sizes = {"SHARDS_PER_POD": str(per_pod), "SHARD_COUNT": str(replicas * per_pod)}
    settings = [
        bot_settings(start_pod(statefulset, container, k, **sizes)) for k in range(replicas)
    ]
    shards = [shard for s in settings for shard in s.shard_ids or ()]
    assert sorted(shards) == list(range(replicas * per_pod))
    assert sum(s.sync_commands for s in settings) == 1


def test_a_pod_beyond_the_shard_count_refuses_to_start(
    statefulset: dict[str, Any], container: dict[str, Any]
) -> None:
    """Scaled up without raising SHARD_COUNT: exit 2 (a setting to fix), saying which."""
    done = start_pod(statefulset, container, statefulset["spec"]["replicas"])
    assert done.returncode == 2
    assert "SHARD_COUNT" in done.stderr and done.stdout == ""
    renamed = start_pod(statefulset, container, 0, POD_NAME="houseway")
    assert renamed.returncode == 2 and "POD_NAME" in renamed.stderr


def test_settings_and_secrets(container: dict[str, Any]) -> None:
    entries = env_entries(container)
    secret_names = set()
    for name in ("DISCORD_TOKEN", "DATABASE_URL"):
        assert "value" not in entries[name], f"{name} must come from the Secret"
        reference = entries[name]["valueFrom"]["secretKeyRef"]
        secret_names.add(reference["name"])
    (secret,) = secret_names
    guide = GUIDE.read_text(encoding="utf-8")
    create = re.search(rf"kubectl create secret generic {secret}\b(.*?)(?:\n\n|```)", guide, re.S)
    assert create, "the guide shows how to create the Secret"
    for name in ("DISCORD_TOKEN", "DATABASE_URL"):
        assert f"--from-literal={entries[name]['valueFrom']['secretKeyRef']['key']}=" in (
            create.group(1)
        ), name
    assert literal_env(container)["LOG_FORMAT"] == "json"


def named_port(container: dict[str, Any], port: int | str) -> int:
    if isinstance(port, int):
        return port
    (number,) = [p["containerPort"] for p in container["ports"] if p["name"] == port]
    return int(number)


def test_probes_ask_healthz_on_the_bots_port(
    pod: dict[str, Any], container: dict[str, Any]
) -> None:
    port = int(literal_env(container)["HTTP_PORT"])
    assert literal_env(container)["HTTP_HOST"] == "0.0.0.0"  # reachable by the kubelet
    for kind in ("startupProbe", "readinessProbe", "livenessProbe"):
        probe = container[kind]["httpGet"]
        assert probe["path"] == "/healthz", kind
        assert named_port(container, probe["port"]) == port, kind
    liveness = container["livenessProbe"]
    # A reconnect to Discord can take minutes: not a reason to kill the pod at once.
    assert liveness["periodSeconds"] * liveness["failureThreshold"] >= 120
    assert pod["spec"]["terminationGracePeriodSeconds"] > BOT_STOP_SECONDS


def test_prometheus_scrapes_the_metrics_port(
    pod: dict[str, Any], container: dict[str, Any]
) -> None:
    annotations = pod["metadata"]["annotations"]
    assert annotations["prometheus.io/scrape"] == "true"
    assert int(annotations["prometheus.io/port"]) == int(literal_env(container)["HTTP_PORT"])
    assert annotations["prometheus.io/path"] == "/metrics"


def test_the_answer_journal_lives_on_the_pods_volume(
    statefulset: dict[str, Any], container: dict[str, Any]
) -> None:
    claims = {claim["metadata"]["name"] for claim in statefulset["spec"]["volumeClaimTemplates"]}
    mounts = {mount["mountPath"]: mount["name"] for mount in container["volumeMounts"]}
    data_dir = str(bot_settings(start_pod(statefulset, container, 0)).data_dir)
    assert mounts.get(data_dir) in claims, f"DATA_DIR={data_dir} is not on a claimed volume"


def mebibytes(quantity: str) -> int:
    match = re.fullmatch(r"(\d+)(Mi|Gi)", quantity)
    assert match, f"write memory as Mi or Gi, not {quantity!r}"
    return int(match.group(1)) * (1024 if match.group(2) == "Gi" else 1)


def test_resources_and_security(pod: dict[str, Any], container: dict[str, Any]) -> None:
    resources = container["resources"]
    for kind in ("cpu", "memory"):
        assert resources["requests"][kind] and resources["limits"][kind], kind
    assert mebibytes(resources["requests"]["memory"]) <= mebibytes(resources["limits"]["memory"])
    image_user = re.search(r"^USER (\d+)", (ROOT / "Dockerfile").read_text(), re.M)
    assert image_user
    context = pod["spec"]["securityContext"]
    assert context["runAsNonRoot"] is True
    assert context["runAsUser"] == context["fsGroup"] == int(image_user.group(1))
    assert container["securityContext"]["allowPrivilegeEscalation"] is False
    assert container["securityContext"]["capabilities"]["drop"] == ["ALL"]


def test_the_service_governs_the_statefulset(
    statefulset: dict[str, Any], pod: dict[str, Any], container: dict[str, Any]
) -> None:
    service = manifests()["Service"]
    assert statefulset["spec"]["serviceName"] == service["metadata"]["name"]
    assert service["spec"]["clusterIP"] == "None"
    labels = pod["metadata"]["labels"]
    for selector in (service["spec"]["selector"], statefulset["spec"]["selector"]["matchLabels"]):
        assert selector.items() <= labels.items()
    (port,) = service["spec"]["ports"]
    assert named_port(container, port["targetPort"]) == int(literal_env(container)["HTTP_PORT"])
    # Ordered start: each pod once the previous is Ready, for Discord's IDENTIFY limit.
    assert statefulset["spec"].get("podManagementPolicy", "OrderedReady") == "OrderedReady"


def test_kustomization_lists_every_manifest() -> None:
    kustomization = manifests()["Kustomization"]
    listed = set(kustomization["resources"])
    present = {p.name for p in K8S.glob("*.yaml")} - {"kustomization.yaml"}
    assert listed == present
