"""The GitHub Actions workflow `sectionsite new` writes: its shape is GitHub Pages' (build, upload the artifact,
deploy), and its `run:` steps, run here in order as the runner would run them, build the new site. What cannot run
here is stood in for, each by the smallest thing: `sudo apt-get` checks that every package it names is a Debian
package installed on this machine; the Actions cache is taken to hold SectionSite already (the built binary);
`actions/configure-pages` gives the base URL of a project site."""

import os
import re
import shutil
import subprocess
import textwrap

import yaml

from test_preview_server import BINARY

BASE = "https://example.github.io/my-site"


def run_build_job(workflow, repository, tmp_path):
    """Runs the build job's `run:` steps in order, in the job's working folder under `repository`, as the runner would
    with the cache holding SectionSite already; returns the folder they ran in."""
    build = workflow["jobs"]["build"]
    folder = repository / build.get("defaults", {}).get("run", {}).get("working-directory", ".")
    home, temp, shims = tmp_path / "home", tmp_path / "runner-temp", tmp_path / "shims"
    for made in (home / ".sectionsite-bin", temp, shims):
        made.mkdir(parents=True, exist_ok=True)
    shutil.copy(BINARY, home / ".sectionsite-bin" / "sectionsite")  # what the cache step restores
    (shims / "sudo").write_text(textwrap.dedent("""\
        #!/bin/sh
        # apt-get update does nothing here; apt-get install checks that each package is installed.
        [ "$1" = apt-get ] || exit 1
        [ "$2" = update ] && exit 0
        for word in "$@"; do
          case "$word" in apt-get|install|-y|--no-install-recommends) ;; *) dpkg -s "$word" >/dev/null || { echo "not installed: $word" >&2; exit 1; } ;; esac
        done
        """))
    (shims / "sudo").chmod(0o755)
    github_path = tmp_path / "github-path"
    github_path.write_text("")
    env = {**os.environ, **workflow["env"], "HOME": str(home), "RUNNER_TEMP": str(temp), "GITHUB_PATH": str(github_path),
           "PATH": f"{shims}:/usr/bin:/bin"}
    ran = 0
    for step in build["steps"]:
        if "run" not in step:
            continue
        command = step["run"].replace("${{ steps.pages.outputs.base_url }}", BASE)
        assert "${{" not in command, f"an expression this test does not stand in for: {command}"
        done = subprocess.run(["bash", "-e", "-c", command], cwd=folder, env=env, capture_output=True, text=True)
        assert done.returncode == 0, f"{step.get('name')}: {done.stderr}"
        ran += 1
        added = [line for line in github_path.read_text().splitlines() if line]
        env["PATH"] = ":".join(added + [f"{shims}:/usr/bin:/bin"])
    assert ran == 3
    assert github_path.read_text().strip() == str(home / ".sectionsite-bin")
    return folder


def test_new_writes_a_pages_workflow_whose_commands_build_the_site(tmp_path):
    site = tmp_path / "my-site"
    made = subprocess.run([BINARY, "new", site], capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    assert f"Wrote {site}/.github/workflows/pages.yml" in made.stdout
    workflow = yaml.safe_load((site / ".github" / "workflows" / "pages.yml").read_text())

    # GitHub Pages' shape: on a push to main, with the permissions deploy-pages needs, build then deploy.
    assert workflow[True]["push"]["branches"] == ["main"]  # YAML 1.1 reads `on` as true
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    build, deploy = workflow["jobs"]["build"], workflow["jobs"]["deploy"]
    assert "defaults" not in build
    uses = [step.get("uses", "").split("@")[0] for step in build["steps"]]
    assert uses[0] == "actions/checkout" and uses[-1] == "actions/upload-pages-artifact"
    assert build["steps"][-1]["with"]["path"] == "_site"
    assert deploy["needs"] == "build" and deploy["steps"][0]["uses"].startswith("actions/deploy-pages@")
    cached = {step["with"]["path"] for step in build["steps"] if step.get("uses", "").startswith("actions/cache@")}
    assert cached == {"~/.sectionsite-bin", ".sectionsite"}

    folder = run_build_job(workflow, site, tmp_path)
    # The site is built for its address on Pages: a project site lives under /my-site/.
    index = (folder / "_site" / "index.html").read_text()
    assert re.search(r'href="/my-site/posts/"', index), index[:800]
    assert (folder / ".sectionsite").is_dir(), "the record the next run restores"


def test_a_site_made_inside_a_repository_gets_the_workflow_at_the_repositorys_root(tmp_path):
    # A package that keeps its site in a folder of its own: GitHub reads workflows only at the repository's root.
    package = tmp_path / "Shelf package"
    package.mkdir()
    subprocess.run(["git", "init", "-q", str(package)], check=True)
    made = subprocess.run([BINARY, "new", "Site pages"], cwd=package, capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    assert not (package / "Site pages" / ".github").exists()
    workflow = yaml.safe_load((package / ".github" / "workflows" / "pages.yml").read_text())
    build = workflow["jobs"]["build"]
    assert build["defaults"]["run"]["working-directory"] == "Site pages"
    assert build["steps"][-1]["with"]["path"] == "Site pages/_site"
    cached = {step["with"]["path"] for step in build["steps"] if step.get("uses", "").startswith("actions/cache@")}
    assert cached == {"~/.sectionsite-bin", "Site pages/.sectionsite"}
    folder = run_build_job(workflow, package, tmp_path)
    assert folder == package / "Site pages" and (folder / "_site" / "index.html").is_file()
    # A second site in the same repository leaves the workflow as it is, and says so.
    again = subprocess.run([BINARY, "new", "Other"], cwd=package, capture_output=True, text=True)
    assert again.returncode == 0 and "Left the repository's .github/workflows/pages.yml as it was" in again.stdout
