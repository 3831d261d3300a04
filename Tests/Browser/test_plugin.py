"""SectionSite's SwiftPM command plug-ins on a package that keeps its site beside its sources
(Tests/PluginPackage, depending on this one by path): `swift package generate-site` builds the site with the API
reference of the package's module, and `swift package preview-site` serves it until stopped.

SwiftPM builds `sectionsite` for the plug-ins in this package's build folder (.build), where `make test` has
already built it: only the plug-ins are compiled and the tool linked. The reference is read from symbol graphs kept
in the fixture (`api: symbolGraphs:`): with `package: ..` the compiler would build the fixture's whole package graph
(SectionSite's dependencies resolved again) in a folder of its own, two minutes of a loaded 2-core machine; the real
package tried by hand (docs: Getting started) took that path."""

import os
import shutil
import signal
import subprocess
import time
import urllib.request

import pytest

from conftest import REPO

SWIFT = shutil.which("swift")


@pytest.fixture
def package(tmp_path):
    """A copy of the fixture whose dependency path still reaches this repository."""
    copy = tmp_path / "Shelf"
    shutil.copytree(REPO / "Tests" / "PluginPackage", copy, ignore=shutil.ignore_patterns(".build", "_site", ".sectionsite"))
    text = (copy / "Package.swift").read_text().replace('path: "../.."', f'path: "{REPO}"')
    (copy / "Package.swift").write_text(text)
    # The same pins as this package's (its dependencies are the fixture's): SwiftPM resolves nothing again.
    if (REPO / "Package.resolved").exists():
        shutil.copy(REPO / "Package.resolved", copy / "Package.resolved")
    return copy


def swift_package(package, *arguments, **popen):
    command = [SWIFT, "package", "--package-path", str(package), "--scratch-path", str(REPO / ".build"),
               *arguments]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **popen)


@pytest.mark.skipif(SWIFT is None, reason="no swift here")
def test_generate_site_and_preview_site_on_a_package_that_keeps_its_site_beside_its_sources(package):
    # One test, in order, on one copy: SwiftPM's own work (the manifest, the plug-ins, the tool, the package's
    # symbol graphs) is done once and found again by the next verb.
    # Without sectionsite.yml where the plug-in looks, it says where it looked.
    (package / "Site").rename(package / "Pages")
    run = swift_package(package, "--allow-writing-to-package-directory", "generate-site")
    output, _ = run.communicate(timeout=900)
    assert run.returncode != 0
    assert "no sectionsite.yml in the package's folder, Site/, site/, Documentation/, docs/" in output, output[-2000:]
    (package / "Pages").rename(package / "Site")

    # generate-site builds the site into Site/_site, with the reference of the package's module (`api:`).
    run = swift_package(package, "--allow-writing-to-package-directory", "generate-site")
    output, _ = run.communicate(timeout=900)
    assert run.returncode == 0, output[-4000:]
    out = package / "Site" / "_site"
    assert "A package that keeps books in order." in (out / "index.html").read_text()
    reference = [p for p in (out / "api").rglob("index.html")]
    assert reference, f"no API reference pages in {out / 'api'}: {output[-2000:]}"
    assert any("Puts a book at the end of the shelf." in p.read_text() for p in reference)

    # preview-site serves it, saying where as it starts, until stopped.
    run = swift_package(package, "--disable-sandbox", "preview-site", "--port", "0", start_new_session=True)
    try:
        base = None
        deadline = time.monotonic() + 900
        while base is None and time.monotonic() < deadline:
            line = run.stdout.readline()
            if not line:
                break
            if "Serving at " in line:  # passed on as the plug-in's progress: `[PreviewSite] Serving at ...`
                base = line.split("Serving at ", 1)[1].strip()
        assert base, "no 'Serving at' line"
        page = urllib.request.urlopen(base, timeout=10).read().decode()
        assert "A package that keeps books in order." in page
        documented = next(p for p in reference if "Puts a book at the end of the shelf." in p.read_text())
        address = base + documented.parent.relative_to(out).as_posix() + "/"
        assert "Puts a book at the end of the shelf." in urllib.request.urlopen(address, timeout=10).read().decode()
    finally:
        os.killpg(run.pid, signal.SIGTERM)
        run.wait(timeout=30)
