//! Repairs of KaTeX's MathML so that it renders in browsers without KaTeX's CSS and passes
//! the Nu HTML checker: letters in variants CSS cannot imitate become Unicode math letters,
//! token elements holding elements become rows, and the invisible function-application
//! operator KaTeX leaves inside script elements (`\sigma_{\max}`) is dropped.

/// All repairs, in order.
pub(crate) fn clean(mathml: &str) -> String {
    drop_apply_function_in_scripts(&unicode_variants(&token_children_as_rows(mathml)))
}

/// Elements whose children are positional arguments (base, script, …), where an extra
/// child is invalid.
const SCRIPTS: [&str; 8] = [
    "msub",
    "msup",
    "msubsup",
    "munder",
    "mover",
    "munderover",
    "mfrac",
    "mroot",
];

/// `<mo>&#x2061;</mo>` (FUNCTION APPLICATION, invisible) directly inside a script element is
/// an extra argument there (`<msub><mi>σ</mi><mi>max</mi><mo>⁡</mo></msub>`); it has no
/// visible effect, so it is removed in that position only.
fn drop_apply_function_in_scripts(mathml: &str) -> String {
    const APPLY: &str = "<mo>\u{2061}</mo>";
    let mut out = String::with_capacity(mathml.len());
    let mut open: Vec<&str> = Vec::new();
    let mut rest = mathml;
    while let Some(lt) = rest.find('<') {
        out.push_str(&rest[..lt]);
        rest = &rest[lt..];
        if rest.starts_with(APPLY) && open.last().is_some_and(|p| SCRIPTS.contains(p)) {
            rest = &rest[APPLY.len()..];
            continue;
        }
        let Some(gt) = rest.find('>') else { break };
        let tag = &rest[..=gt];
        if tag.starts_with("</") {
            open.pop();
        } else if !tag.ends_with("/>") {
            open.push(tag[1..].split([' ', '>']).next().unwrap_or(""));
        }
        out.push_str(tag);
        rest = &rest[gt + 1..];
    }
    out.push_str(rest);
    out
}

/// Letters and digits in a `mathvariant` that CSS cannot imitate (double-struck, script,
/// fraktur, sans-serif, monospace) become the Unicode mathematical alphanumeric characters
/// of that style, as MathML Core expects (Chromium ignores `mathvariant` other than
/// `normal`): `<mi mathvariant="double-struck">R</mi>` → `<mi>ℝ</mi>`. Bold and italic stay
/// attributes, which the theme styles.
pub(crate) fn unicode_variants(mathml: &str) -> String {
    let mut out = String::with_capacity(mathml.len());
    let mut rest = mathml;
    while let Some(at) = rest.find(" mathvariant=\"") {
        let (before, from_attr) = rest.split_at(at);
        let tag = before.rfind('<').map_or("", |lt| &before[lt + 1..]);
        let converted = (tag == "mi" || tag == "mn")
            .then(|| convert_element(tag, from_attr))
            .flatten();
        out.push_str(before);
        match converted {
            Some((html, used)) => {
                out.push_str(&html);
                rest = &from_attr[used..];
            }
            None => {
                out.push_str(" mathvariant=\"");
                rest = &from_attr[" mathvariant=\"".len()..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// For `from_attr` = ` mathvariant="V">text</mi>…`: the replacement of that part (`>mapped</mi>`)
/// and how many bytes it replaces, when every character maps.
fn convert_element(tag: &str, from_attr: &str) -> Option<(String, usize)> {
    let after = &from_attr[" mathvariant=\"".len()..];
    let (variant, after) = after.split_once("\">")?;
    let close = format!("</{tag}>");
    let (text, _) = after.split_once(close.as_str())?;
    let mapped: Option<String> = text.chars().map(|c| styled_char(variant, c)).collect();
    let mapped = mapped.filter(|m| !m.is_empty())?;
    let used = from_attr.len() - after.len() + text.len() + close.len();
    Some((format!(">{mapped}{close}"), used))
}

/// `c` in the mathematical alphanumeric style `variant`, if Unicode has it.
fn styled_char(variant: &str, c: char) -> Option<char> {
    let (letters, digits): (u32, Option<u32>) = match variant {
        "double-struck" => (0x1D538, Some(0x1D7D8)),
        "script" => (0x1D49C, None),
        "bold-script" => (0x1D4D0, None),
        "fraktur" => (0x1D504, None),
        "bold-fraktur" => (0x1D56C, None),
        "sans-serif" => (0x1D5A0, Some(0x1D7E2)),
        "bold-sans-serif" => (0x1D5D4, Some(0x1D7EC)),
        "sans-serif-italic" => (0x1D608, None),
        "sans-serif-bold-italic" => (0x1D63C, None),
        "monospace" => (0x1D670, Some(0x1D7F6)),
        _ => return None,
    };
    if let Some(hole) = letterlike(variant, c) {
        return Some(hole);
    }
    let code = match c {
        'A'..='Z' => letters + (c as u32 - 'A' as u32),
        'a'..='z' => letters + 26 + (c as u32 - 'a' as u32),
        '0'..='9' => digits? + (c as u32 - '0' as u32),
        _ => return None,
    };
    char::from_u32(code)
}

/// The styled letters Unicode placed in the Letterlike Symbols block (their slots in the
/// mathematical alphanumeric block are reserved).
fn letterlike(variant: &str, c: char) -> Option<char> {
    let table: &[(char, char)] = match variant {
        "double-struck" => &[
            ('C', 'ℂ'),
            ('H', 'ℍ'),
            ('N', 'ℕ'),
            ('P', 'ℙ'),
            ('Q', 'ℚ'),
            ('R', 'ℝ'),
            ('Z', 'ℤ'),
        ],
        "script" => &[
            ('B', 'ℬ'),
            ('E', 'ℰ'),
            ('F', 'ℱ'),
            ('H', 'ℋ'),
            ('I', 'ℐ'),
            ('L', 'ℒ'),
            ('M', 'ℳ'),
            ('R', 'ℛ'),
            ('e', 'ℯ'),
            ('g', 'ℊ'),
            ('o', 'ℴ'),
        ],
        "fraktur" => &[('C', 'ℭ'), ('H', 'ℌ'), ('I', 'ℑ'), ('R', 'ℜ'), ('Z', 'ℨ')],
        _ => &[],
    };
    table.iter().find(|(from, _)| *from == c).map(|(_, to)| *to)
}

/// MathML token elements (`mi`, `mn`, `mo`, `mtext`, `ms`) hold text only, but KaTeX writes
/// some symbols (`\vdots`) as an `<mi>` around other elements; such a token becomes an
/// `<mrow>`, which is valid and renders the same.
pub(crate) fn token_children_as_rows(mathml: &str) -> String {
    const TOKENS: [&str; 5] = ["mi", "mn", "mo", "mtext", "ms"];
    let mut out = String::with_capacity(mathml.len());
    // Open elements: whether each was renamed to `mrow`.
    let mut open: Vec<bool> = Vec::new();
    let mut rest = mathml;
    while let Some(lt) = rest.find('<') {
        out.push_str(&rest[..lt]);
        let Some(gt) = rest[lt..].find('>').map(|g| lt + g) else {
            break;
        };
        let tag = &rest[lt..=gt];
        let after = &rest[gt + 1..];
        if tag.starts_with("</") {
            out.push_str(if open.pop() == Some(true) {
                "</mrow>"
            } else {
                tag
            });
        } else if tag.ends_with("/>") {
            out.push_str(tag);
        } else {
            let name = tag[1..].split([' ', '>']).next().unwrap_or("");
            let holds_elements = after.starts_with('<') && !after.starts_with("</");
            let rename = TOKENS.contains(&name) && holds_elements;
            open.push(rename);
            if rename {
                out.push_str("<mrow");
                out.push_str(&tag[1 + name.len()..]);
            } else {
                out.push_str(tag);
            }
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn function_application_is_dropped_only_inside_scripts() {
        let m = "<mrow><msub><mi>σ</mi><mi>max</mi><mo>\u{2061}</mo></msub><mi>sin</mi><mo>\u{2061}</mo><mi>x</mi></mrow>";
        assert_eq!(
            drop_apply_function_in_scripts(m),
            "<mrow><msub><mi>σ</mi><mi>max</mi></msub><mi>sin</mi><mo>\u{2061}</mo><mi>x</mi></mrow>"
        );
    }

    #[test]
    fn katex_subscript_operator_names_become_valid() {
        let r = crate::render::math::render_formula("\\sigma_{\\max}(W)", false).unwrap();
        assert!(r.contains("<msub><mi>σ</mi><mi>max</mi></msub>"), "{r}");
    }
}
