//! "Did you mean": the name among the known ones closest to a name that is not one of them
//! (a broken fragment, an unknown embed heading), by edit distance.

/// The id in `ids` closest to `wanted` (by edit distance, case folded), when it is close
/// enough to be the one meant: at most a third of the longer name's characters differ.
pub fn closest<'a>(ids: impl IntoIterator<Item = &'a String>, wanted: &str) -> Option<&'a str> {
    let wanted = wanted.to_lowercase();
    ids.into_iter()
        .map(|id| (distance(&id.to_lowercase(), &wanted), id))
        .filter(|(d, id)| *d * 3 <= id.chars().count().max(wanted.chars().count()))
        .min_by_key(|(d, _)| *d)
        .map(|(_, id)| id.as_str())
}

/// Edit distance over characters, a swap of two neighbours counting as one edit (optimal
/// string alignment): `setpu` is one edit from `setup`.
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut before: Vec<usize> = Vec::new();
    let mut last: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            row[j] = (last[j - 1] + cost).min(last[j] + 1).min(row[j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(before[j - 2] + 1);
            }
        }
        before = std::mem::replace(&mut last, row);
    }
    last[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_closest_id_is_suggested_only_when_close() {
        let ids: Vec<String> = ["theory", "layer-norm", "block-2"].map(String::from).into();
        assert_eq!(closest(&ids, "theroy"), Some("theory"));
        assert_eq!(closest(&ids, "Layer-Norms"), Some("layer-norm"));
        assert_eq!(closest(&ids, "block-3"), Some("block-2"));
        assert_eq!(closest(&ids, "something-else"), None);
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("", "ab"), 2);
        assert_eq!(distance("setpu", "setup"), 1);
        assert_eq!(distance("ab", ""), 2);
    }
}
