//! Forge card scripts written in memory from a probe object's characteristics,
//! and the translation of keywords and mana costs between the protocol's
//! words and Forge's spellings.

/// Keywords as the protocol writes them (rulings/README.md, "keywords"), with
/// their Forge script spelling. Only keywords whose Forge spelling the engine
/// recognises in combat code (`Card::has_*`, combat_util.rs) are listed.
const KEYWORDS: &[(&str, &str)] = &[
    ("first strike", "First Strike"),
    ("double strike", "Double Strike"),
    ("trample", "Trample"),
    ("deathtouch", "Deathtouch"),
    ("lifelink", "Lifelink"),
    ("flying", "Flying"),
    ("reach", "Reach"),
    ("menace", "Menace"),
    ("vigilance", "Vigilance"),
    ("haste", "Haste"),
    ("defender", "Defender"),
    ("indestructible", "Indestructible"),
    ("hexproof", "Hexproof"),
    ("shadow", "Shadow"),
];

/// The Forge spelling of a protocol keyword.
pub fn forge_keyword(word: &str) -> Option<&'static str> {
    KEYWORDS
        .iter()
        .find(|(ours, _)| ours.eq_ignore_ascii_case(word))
        .map(|(_, forge)| *forge)
}

/// The protocol word for a Forge keyword string; other keywords are
/// reported in lower case as Forge spells them, so that a difference shows.
pub fn our_keyword(forge: &str) -> String {
    KEYWORDS
        .iter()
        .find(|(_, f)| f.eq_ignore_ascii_case(forge))
        .map(|(ours, _)| ours.to_string())
        .unwrap_or_else(|| forge.to_ascii_lowercase())
}

/// Forge's counter name for a protocol counter kind: `+1/+1`, `-1/-1`, or a
/// keyword counter (122.1b), which Forge names by the keyword.
pub fn forge_counter(kind: &str) -> Option<String> {
    match kind {
        "+1/+1" => Some("P1P1".to_string()),
        "-1/-1" => Some("M1M1".to_string()),
        other => forge_keyword(other).map(str::to_string),
    }
}

/// A mana cost as printed (`{2}{W}{U/P}`) in Forge's notation (`2 W U/P`).
pub fn forge_mana_cost(printed: &str) -> Result<String, String> {
    let mut parts = Vec::new();
    let mut rest = printed.trim();
    if rest.is_empty() {
        return Ok("no cost".to_string());
    }
    while !rest.is_empty() {
        let Some(body) = rest.strip_prefix('{') else {
            return Err(format!("mana cost {printed:?}: expected '{{'"));
        };
        let Some(end) = body.find('}') else {
            return Err(format!("mana cost {printed:?}: unclosed symbol"));
        };
        let symbol = &body[..end];
        let ok = !symbol.is_empty()
            && symbol
                .chars()
                .all(|c| c.is_ascii_digit() || "WUBRGCXSP/".contains(c));
        if !ok {
            return Err(format!("mana cost {printed:?}: symbol {{{symbol}}}"));
        }
        parts.push(symbol.to_string());
        rest = &body[end + 1..];
    }
    Ok(parts.join(" "))
}

fn capitalize(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// What a script is written from.
pub struct CardFace<'a> {
    pub name: &'a str,
    pub mana_cost: Option<&'a str>,
    pub supertypes: &'a [String],
    pub types: &'a [String],
    pub subtypes: &'a [String],
    pub colors: Option<&'a [String]>,
    pub power: Option<i32>,
    pub toughness: Option<i32>,
    pub keywords: &'a [String],
    /// Activated abilities, each a Forge ability line without `A:`.
    pub abilities: &'a [String],
    /// Triggered abilities, each a Forge trigger line without `T:`.
    pub triggers: &'a [String],
    pub svars: &'a [(String, String)],
}

/// The Forge card script for a face. Errors name what can't be written.
pub fn card_script(face: &CardFace) -> Result<String, String> {
    if face.name.contains('\n') || face.name.contains('|') {
        return Err(format!("card name {:?}", face.name));
    }
    let mut lines = vec![format!("Name:{}", face.name)];
    let cost = match face.mana_cost {
        Some(printed) => forge_mana_cost(printed)?,
        None => "no cost".to_string(),
    };
    lines.push(format!("ManaCost:{cost}"));
    let mut type_words: Vec<String> = Vec::new();
    type_words.extend(face.supertypes.iter().map(|s| capitalize(s)));
    type_words.extend(face.types.iter().map(|t| capitalize(t)));
    type_words.extend(face.subtypes.iter().cloned());
    if type_words.iter().any(|w| w.contains(['\n', '|', ':'])) {
        return Err(format!("type line {type_words:?}"));
    }
    lines.push(format!("Types:{}", type_words.join(" ")));
    if let (Some(p), Some(t)) = (face.power, face.toughness) {
        lines.push(format!("PT:{p}/{t}"));
    }
    for word in face.keywords {
        match forge_keyword(word) {
            Some(forge) => lines.push(format!("K:{forge}")),
            None => return Err(format!("keyword {word:?}")),
        }
    }
    if let Some(colors) = face.colors {
        if colors.is_empty() {
            lines.push("Colors:colorless".to_string());
        } else {
            lines.push(format!("Colors:{}", colors.join(",")));
        }
    }
    for ability in face.abilities {
        lines.push(format!("A:{ability}"));
    }
    for trigger in face.triggers {
        lines.push(format!("T:{trigger}"));
    }
    for (name, value) in face.svars {
        lines.push(format!("SVar:{name}:{value}"));
    }
    lines.push("Oracle:".to_string());
    Ok(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mana_costs_in_forge_notation() {
        assert_eq!(forge_mana_cost("{2}{W}").unwrap(), "2 W");
        assert_eq!(forge_mana_cost("{W/U}{B/P}{X}").unwrap(), "W/U B/P X");
        assert_eq!(forge_mana_cost("").unwrap(), "no cost");
        assert!(forge_mana_cost("{2}{Q}").is_err());
        assert!(forge_mana_cost("2W").is_err());
    }

    #[test]
    fn keywords_both_ways() {
        assert_eq!(forge_keyword("double strike"), Some("Double Strike"));
        assert_eq!(our_keyword("First Strike"), "first strike");
        assert_eq!(our_keyword("Banding"), "banding");
        assert_eq!(forge_keyword("banding"), None);
    }

    #[test]
    fn a_vanilla_creature_script_parses() {
        let face = CardFace {
            name: "Grizzly Bears",
            mana_cost: Some("{1}{G}"),
            supertypes: &[],
            types: &["creature".to_string()],
            subtypes: &["Bear".to_string()],
            colors: None,
            power: Some(2),
            toughness: Some(2),
            keywords: &["trample".to_string()],
            abilities: &[],
            triggers: &[],
            svars: &[],
        };
        let script = card_script(&face).unwrap();
        let rules = forge_carddb::parse_card_script(&script).unwrap();
        assert_eq!(rules.name(), "Grizzly Bears");
        assert!(script.contains("K:Trample"));
        assert!(script.contains("PT:2/2"));
    }
}
