//! `rlbook init` through the binary: a new book builds at once (a page with output, figure
//! and inline value) and passes `check --locked`; the GitHub workflow is valid YAML with the
//! triggers, jobs and steps docs/workflow.md lists; init in a copy of the public course
//! writes a book.toml with which it builds, and changes nothing else.

use crate::common::{self, copy_tree, rlbook};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use yaml_rust2::{Yaml, YamlLoader};

#[test]
fn a_new_book_builds_at_once() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let init = rlbook(tmp.path(), &["init", "course"], &[]);
    assert!(init.ok, "{}", init.stderr);
    assert!(init.stdout.contains("recorded"), "{}", init.stdout);
    let book = tmp.path().join("course");
    let build = rlbook(&book, &["build", "--locked", "--strict"], &[]);
    assert!(build.ok, "{}", build.stderr);
    let page = std::fs::read_to_string(book.join("site/01-first-lesson.html")).expect("page");
    assert!(
        page.contains("balance after 10 years: 162.8894626777442"),
        "{page}"
    );
    assert!(
        common::text_of(&page).contains("grown to\n162.89.")
            || common::text_of(&page).contains("grown to 162.89."),
        "{page}"
    );
    let figures = common::page_figures(&page);
    assert_eq!(figures.len(), 1, "{page}");
    assert!(
        page.contains("interest.rlab"),
        "the script is listed: {page}"
    );
    let gitignore = std::fs::read_to_string(book.join(".gitignore")).expect(".gitignore");
    for ignored in ["/site/", "/book/", "/.rlbook/"] {
        assert!(gitignore.lines().any(|l| l == ignored), "{ignored}");
    }
    let again = rlbook(&book, &["init"], &[]);
    assert!(!again.ok);
    assert!(
        again
            .stderr
            .contains("error: book.toml, content/01-first-lesson.md"),
        "{}",
        again.stderr
    );
}

/// `map[key]` of a YAML mapping, or `Yaml::BadValue`.
fn get<'y>(yaml: &'y Yaml, key: &str) -> &'y Yaml {
    &yaml[key]
}

/// The `uses` and `run` of every step of `job`.
fn steps(job: &Yaml) -> Vec<String> {
    let list = get(job, "steps").as_vec().expect("steps");
    list.iter()
        .map(|step| {
            let uses = get(step, "uses").as_str();
            let run = get(step, "run").as_str();
            uses.or(run)
                .expect("a step uses or runs something")
                .to_string()
        })
        .collect()
}

#[test]
fn the_github_workflow_checks_pull_requests_and_deploys_main() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let init = rlbook(tmp.path(), &["init", "--ci", "github"], &[]);
    assert!(init.ok, "{}", init.stderr);
    let text =
        std::fs::read_to_string(tmp.path().join(".github/workflows/rlbook.yml")).expect("workflow");
    let docs = YamlLoader::load_from_str(&text).expect("valid YAML");
    let flow = &docs[0];
    assert!(!get(get(flow, "on"), "pull_request").is_badvalue());
    let branches = get(get(get(flow, "on"), "push"), "branches")
        .as_vec()
        .expect("branches");
    assert_eq!(branches, &[Yaml::String("main".into())]);
    let install = get(get(flow, "env"), "RLBOOK_INSTALL")
        .as_str()
        .expect("RLBOOK_INSTALL");
    assert_eq!(install, format!("rlbook@{}", env!("CARGO_PKG_VERSION")));
    let jobs = get(flow, "jobs");
    let check = get(jobs, "check");
    assert_eq!(
        get(check, "if").as_str(),
        Some("github.event_name == 'pull_request'")
    );
    let build = get(jobs, "build");
    assert_eq!(
        get(build, "if").as_str(),
        Some("github.event_name == 'push'")
    );
    let deploy = get(jobs, "deploy");
    assert_eq!(get(deploy, "needs").as_str(), Some("build"));
    let permissions = get(deploy, "permissions");
    assert_eq!(get(permissions, "pages").as_str(), Some("write"));
    assert_eq!(get(permissions, "id-token").as_str(), Some("write"));
    let all: Vec<String> = [check, build, deploy].into_iter().flat_map(steps).collect();
    for named in documented_steps() {
        assert!(
            all.iter().any(|s| s.starts_with(&named)),
            "{named} not in {all:?}"
        );
    }
    assert!(steps(check).contains(&"rlbook check --locked".to_string()));
    assert!(steps(build).contains(&"rlbook build --locked".to_string()));
    assert!(steps(deploy)[0].starts_with("actions/deploy-pages@"));
    let cache = &get(check, "steps")[1];
    assert_eq!(
        get(get(cache, "with"), "path").as_str(),
        Some("~/.cargo/bin/rlbook")
    );
    let key = get(get(cache, "with"), "key").as_str().expect("key");
    assert!(key.contains("${{ env.RLBOOK_INSTALL }}"), "{key}");
    let upload = (get(build, "steps").as_vec().expect("steps").iter())
        .find(|s| {
            get(s, "uses")
                .as_str()
                .is_some_and(|u| u.starts_with("actions/upload-pages"))
        })
        .expect("upload step");
    assert_eq!(
        get(get(upload, "with"), "path").as_str(),
        Some("${{ env.RLBOOK_SITE }}")
    );
}

/// The steps docs/workflow.md says the workflow has: each `actions/…` and `rlbook …`
/// in backticks in its "CI on GitHub" section.
fn documented_steps() -> Vec<String> {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/workflow.md"))
            .expect("docs/workflow.md");
    let section = doc.split("## CI on GitHub").nth(1).expect("a CI section");
    let section = section.split("\n## ").next().unwrap_or(section);
    let named: Vec<String> = (section.split('`').skip(1).step_by(2))
        .filter(|s| {
            s.starts_with("actions/")
                || s.starts_with("rlbook check")
                || s.starts_with("rlbook build")
        })
        .map(str::to_string)
        .collect();
    assert!(named.len() >= 6, "{named:?}");
    named
}

/// Every file under `dir` with its contents, by path relative to `dir`.
fn contents(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
        for entry in std::fs::read_dir(dir).expect("read dir").flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                let bytes = std::fs::read(&path).expect("read");
                out.insert(
                    path.strip_prefix(root).expect("inside").to_path_buf(),
                    bytes,
                );
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

#[test]
fn init_in_the_public_course_writes_a_book_toml_it_builds_with() {
    let Some(shared) = common::shared(
        "init in the public course",
        &["corpus/rustlab_llm/notebooks", "corpus/rustlab_llm/lessons"],
    ) else {
        return;
    };
    let tmp = tempfile::tempdir().expect("temp dir");
    let course = tmp.path().join("rustlab_llm");
    copy_tree(&shared.join("corpus/rustlab_llm"), &course);
    let before = contents(&course);
    let init = rlbook(&course, &["init"], &[]);
    assert!(init.ok, "{}", init.stderr);
    assert!(init.stdout.contains("rustlab layout") && init.stdout.contains("rlbook build"));
    let toml = std::fs::read_to_string(course.join("book.toml")).expect("book.toml");
    assert!(toml.contains("title = \"rustlab_llm\""), "{toml}");
    let build = rlbook(&course, &["build", "--strict"], &[]);
    assert!(build.ok, "{}", build.stderr);
    assert!(course.join("site/index.html").is_file());
    let outputs = ["book.toml", "site", "expected", ".rlbook"];
    let mut after = contents(&course);
    after.retain(|path, _| !outputs.iter().any(|o| path.starts_with(o)));
    assert!(
        before == after,
        "init and build changed the course's own files"
    );
}
