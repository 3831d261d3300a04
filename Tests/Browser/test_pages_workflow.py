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


def test_new_writes_a_pages_workflow_whose_commands_build_the_site(tmp_path):
    site = tmp_path / "my-site"
    made = subprocess.run([BINARY, "new", site], capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    assert ".github/workflows/pages.yml" in made.stdout
    workflow = yaml.safe_load((site / ".github" / "workflows" / "pages.yml").read_text())

    # GitHub Pages' shape: on a push to main, with the permissions deploy-pages needs, build then deploy.
    assert workflow[True]["push"]["branches"] == ["main"]  # YAML 1.1 reads `on` as true
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    build, deploy = workflow["jobs"]["build"], workflow["jobs"]["deploy"]
    uses = [step.get("uses", "").split("@")[0] for step in build["steps"]]
    assert uses[0] == "actions/checkout" and uses[-1] == "actions/upload-pages-artifact"
    assert build["steps"][-1]["with"]["path"] == "_site"
    assert deploy["needs"] == "build" and deploy["steps"][0]["uses"].startswith("actions/deploy-pages@")
    cached = {step["with"]["path"] for step in build["steps"] if step.get("uses", "").startswith("actions/cache@")}
    assert cached == {"~/.sectionsite-bin", ".sectionsite"}

    # The runner, as far as this machine can be one.
    home, temp, shims = tmp_path / "home", tmp_path / "runner-temp", tmp_path / "shims"
    for folder in (home / ".sectionsite-bin", temp, shims):
        folder.mkdir(parents=True)
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
        done = subprocess.run(["bash", "-e", "-c", command], cwd=site, env=env, capture_output=True, text=True)
        assert done.returncode == 0, f"{step.get('name')}: {done.stderr}"
        ran += 1
        added = [line for line in github_path.read_text().splitlines() if line]
        env["PATH"] = ":".join(added + [f"{shims}:/usr/bin:/bin"])
    assert ran == 3
    assert github_path.read_text().strip() == str(home / ".sectionsite-bin")

    # The site is built for its address on Pages: a project site lives under /my-site/.
    index = (site / "_site" / "index.html").read_text()
    assert re.search(r'href="/my-site/posts/"', index), index[:800]
    assert (site / ".sectionsite").is_dir(), "the record the next run restores"
