use super::*;
use crate::test_support::{book, write};

/// A book of `lessons` citing from one entry, `knuth1984`, in `style`.
fn citing(style: &str, lessons: &[&str]) -> (tempfile::TempDir, Book) {
    let dir = tempfile::tempdir().unwrap();
    let toml = format!("[book]\nbibliography = [\"refs.bib\"]\ncsl = \"{style}\"\n");
    write(dir.path(), "book.toml", &toml);
    let entry = "@book{knuth1984, author = {Knuth, Donald E.}, title = {The TeXbook}, publisher = {Addison-Wesley}, year = {1984}}\n";
    write(dir.path(), "refs.bib", entry);
    for (i, text) in lessons.iter().enumerate() {
        write(dir.path(), &format!("content/0{}-l.md", i + 1), text);
    }
    let book = book(dir.path());
    (dir, book)
}

#[test]
fn a_group_written_twice_keeps_its_first_rendering() {
    let lesson = "# L\n\nOnce [@knuth1984], twice [@knuth1984].\n";
    let (_dir, book) = citing("chicago-notes", &[lesson, lesson]);
    let (table, problems) = Citations::collect(&book);
    assert!(problems.is_empty(), "{problems:?}");
    let found = table.of_lesson(&book.lessons[1].slug);
    let forms = table.get(&found[1]).unwrap();
    // hayagriva gives the later ones the short note, "Knuth, The Texbook."
    assert_eq!(
        forms.plain,
        "Donald E. Knuth, The Texbook (Addison-Wesley, 1984)."
    );
}

#[test]
fn each_lesson_lists_what_it_cites_and_its_digest_follows_the_rendering() {
    let (_dir, book) = citing("apa", &["# A\n\n[@knuth1984]\n", "# B\n\nNo citation.\n"]);
    let (table, _) = Citations::collect(&book);
    let first: Vec<&str> = (table.references(&book.lessons[0].slug).iter())
        .map(|e| e.key.as_str())
        .collect();
    assert_eq!(first, ["knuth1984"]);
    assert!(table.references(&book.lessons[1].slug).is_empty());
    let (_dir, ieee) = citing("ieee", &["# A\n\n[@knuth1984]\n", "# B\n\nNo citation.\n"]);
    let (numbered, _) = Citations::collect(&ieee);
    let slug = &book.lessons[0].slug;
    assert_ne!(table.digest_for(slug), numbered.digest_for(slug));
    let other = &book.lessons[1].slug;
    assert_eq!(table.digest_for(other), numbered.digest_for(other));
}
