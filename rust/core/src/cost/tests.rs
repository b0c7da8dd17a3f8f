//! Unit tests of the cost kernel. Expected values come from the
//! Comprehensive Rules and official rulings, cited beside each test.

use super::*;

fn cost(text: &str) -> ManaCost {
    ManaCost::parse(text).unwrap_or_else(|error| panic!("{text:?}: {error}"))
}

fn total(text: &str, modifiers: CostModifiers<'_>) -> TotalCost {
    total_cost(&cost(text), &modifiers).unwrap()
}

fn reductions(texts: &[&str]) -> Vec<Reduction> {
    texts.iter().map(|t| Reduction::parse(t).unwrap()).collect()
}

/// A pool from letters, e.g. "WWU"; lower-case letters are snow mana.
fn pool(letters: &str) -> ManaPool {
    let mut pool = ManaPool::EMPTY;
    for letter in letters.chars() {
        let mana = ManaType::from_letter(letter.to_ascii_uppercase()).unwrap();
        pool.mana[mana.index()] += 1;
        if letter.is_ascii_lowercase() {
            pool.snow[mana.index()] += 1;
        }
    }
    pool
}

fn creatures(colors: &[&str]) -> [u32; Colors::COUNT] {
    let mut counts = [0; Colors::COUNT];
    for c in colors {
        counts[Colors::parse(c).unwrap().index()] += 1;
    }
    counts
}

/// Finds a payment, checks it with `verify_payment`, and returns it.
fn pay(total: &TotalCost, resources: &Resources) -> Option<Payment> {
    let mut solver = PaymentSolver::new();
    let payable = solver.can_pay(total, resources).unwrap();
    match solver.find_payment(total, resources).unwrap() {
        PaymentSearch::Payable(payment) => {
            assert!(payable, "can_pay and find_payment disagree on {total}");
            if let Err(error) = verify_payment(total, resources, &payment.parts) {
                panic!("{total}: returned payment {payment:?} is illegal: {error}");
            }
            Some(payment)
        }
        PaymentSearch::NotPayable(_) => {
            assert!(!payable, "can_pay and find_payment disagree on {total}");
            None
        }
    }
}

fn shortfall(total: &TotalCost, resources: &Resources) -> String {
    match find_payment(total, resources).unwrap() {
        PaymentSearch::NotPayable(shortfall) => shortfall.to_string(),
        PaymentSearch::Payable(payment) => panic!("{total} is payable: {payment:?}"),
    }
}

fn part(source: &str, symbol: &str, paid_as: &str, count: u64) -> PaymentPart {
    let symbol = cost(symbol).symbols().next().unwrap().0;
    PaymentPart {
        source: source.parse().unwrap(),
        symbol,
        paid_as: paid_as.parse().unwrap(),
        count,
    }
}

fn fault(result: Result<(), CostError>) -> &'static str {
    result.unwrap_err().fault_name().unwrap()
}

// Parsing and printing (107.4, 202.1).

#[test]
fn parses_and_prints_every_kind_of_symbol() {
    for text in [
        "{0}",
        "{3}",
        "{W}{U}{B}{R}{G}",
        "{C}",
        "{X}{X}{R}",
        "{S}",
        "{W/U}{W/B}{U/B}{U/R}{B/R}{B/G}{R/G}{R/W}{G/W}{G/U}",
        "{2/W}{2/U}{2/B}{2/R}{2/G}",
        "{C/W}{C/G}",
        "{W/P}{G/P}",
        "{W/U/P}{G/U/P}",
        "{1000000}",
        "{X}{8}{C}{S}{W}{R/G}{2/U}{C/B}{B/P}{R/W/P}",
    ] {
        let parsed = cost(text);
        assert_eq!(parsed.to_string(), text);
        assert_eq!(cost(&parsed.to_string()), parsed);
    }
}

#[test]
fn prints_in_canonical_order() {
    assert_eq!(cost("{R}{1}").to_string(), "{1}{R}");
    assert_eq!(cost("{2}{3}").to_string(), "{5}");
    assert_eq!(cost("{0}{R}").to_string(), "{R}");
    assert_eq!(cost("{0}{0}").to_string(), "{0}");
    assert_eq!(cost("{G}{X}{W}").to_string(), "{X}{W}{G}");
    assert_eq!(cost("{R}{1}"), cost("{1}{R}"));
}

#[test]
fn no_mana_cost_is_not_zero() {
    // 202.1b, 107.4d
    let none = cost("");
    assert!(none.is_none());
    assert_eq!(none.to_string(), "");
    assert_ne!(none, cost("{0}"));
    assert!(!cost("{0}").is_none());
    // 202.3a
    assert_eq!(none.mana_value(), 0);
    assert_eq!(cost("{0}").mana_value(), 0);
}

#[test]
fn malformed_costs_say_where_they_broke() {
    let cases = [
        ("W", 0, "'{'"),
        ("{W", 2, "'}' or '/'"),
        ("{}", 1, "a mana symbol"),
        ("{w}", 1, "a mana symbol"),
        ("{U/W}", 3, "'B', 'R' or 'P'"),
        ("{W/U/X}", 5, "'P'"),
        ("{00}", 2, "'}'"),
        ("{3/W}", 2, "a digit or '}'"),
        ("{2/X}", 3, "'W', 'U', 'B', 'R' or 'G'"),
        ("{C/P}", 3, "'W', 'U', 'B', 'R' or 'G'"),
        ("{X}{", 4, "a mana symbol"),
        ("{R} {G}", 3, "'{'"),
        ("{99999999999}", 1, "a number at most 4294967295"),
        ("{99999999999/W}", 12, "a digit or '}'"),
        (
            "{4294967295}{1}",
            12,
            "at most 4294967295 generic mana or symbols of a kind",
        ),
        ("{é}", 1, "a mana symbol"),
        ("é{", 0, "'{'"),
    ];
    for (text, offset, expected) in cases {
        assert_eq!(
            ManaCost::parse(text),
            Err(CostError::ManaCostSyntax { offset, expected }),
            "{text:?}"
        );
    }
    assert_eq!(cost("{4294967295}").generic(), u32::MAX);
}

#[test]
fn parsing_never_panics() {
    // A tiny generator over the characters that matter.
    let alphabet: Vec<char> = "{}/0123456789XWUBRGCSP é".chars().collect();
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..20_000 {
        let mut text = String::new();
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
        let len = (state >> 60) as usize;
        for _ in 0..len {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
            text.push(alphabet[(state >> 33) as usize % alphabet.len()]);
        }
        if let Ok(parsed) = ManaCost::parse(&text) {
            assert_eq!(cost(&parsed.to_string()), parsed, "{text:?}");
        }
    }
}

#[test]
fn colors_of_a_cost() {
    // 202.2c, 202.2d
    assert_eq!(cost("{2/W}{G/U/P}").colors().to_string(), "WUG");
    assert_eq!(cost("{3}{C}").colors(), Colors::NONE);
}

// Mana value (202.3).

#[test]
fn mana_value_of_x_is_zero_off_the_stack() {
    // 202.3e
    let crackle = cost("{X}{X}{R}");
    assert_eq!(crackle.mana_value(), 1);
    assert_eq!(crackle.mana_value_on_stack(3), Ok(7));
    assert_eq!(cost("{X}{R}").mana_value_on_stack(3), Ok(4));
    assert_eq!(
        cost("{X}").mana_value_on_stack(-1),
        Err(CostError::NegativeX { x: -1 })
    );
}

#[test]
fn mana_value_of_hybrid_phyrexian_and_snow() {
    // 202.3f: the largest component.
    assert_eq!(cost("{2/W}").mana_value(), 2);
    assert_eq!(cost("{2/W}{2/U}{2/B}{2/R}{2/G}").mana_value(), 10);
    assert_eq!(cost("{W/U}").mana_value(), 1);
    assert_eq!(cost("{C/W}").mana_value(), 1);
    // 202.3g
    assert_eq!(cost("{W/P}").mana_value(), 1);
    assert_eq!(cost("{1}{B/P}{B/P}").mana_value(), 3);
    assert_eq!(cost("{G/U/P}").mana_value(), 1);
    assert_eq!(cost("{2}{S}{S}{S}").mana_value(), 5);
}

#[test]
fn split_card_mana_value() {
    // Rd9bc4e52, R7a9df48b: Assault {R} // Battery {3}{G}.
    let (assault, battery) = (cost("{R}"), cost("{3}{G}"));
    assert_eq!(split_mana_value(&assault, &battery, None, 0), Ok(5));
    assert_eq!(
        split_mana_value(&assault, &battery, Some(SplitCast::Left), 0),
        Ok(1)
    );
    assert_eq!(
        split_mana_value(&assault, &battery, Some(SplitCast::Right), 0),
        Ok(4)
    );
    // R50ddb36b: a fused split spell has both halves' mana value.
    assert_eq!(
        split_mana_value(&assault, &battery, Some(SplitCast::Fused), 0),
        Ok(5)
    );
    // X counts only for the half on the stack.
    let (left, right) = (cost("{X}{R}"), cost("{X}{G}"));
    assert_eq!(split_mana_value(&left, &right, None, 4), Ok(2));
    assert_eq!(
        split_mana_value(&left, &right, Some(SplitCast::Left), 4),
        Ok(5)
    );
    assert_eq!(
        split_mana_value(&left, &right, Some(SplitCast::Fused), 4),
        Ok(10)
    );
}

// Total cost (601.2f, 118.7, 702.41).

#[test]
fn affinity_instances_each_apply() {
    // R4cd6bf23, R7b93c17e, 702.41b: two instances with 2 artifacts.
    let affinity = [2, 2];
    let modifiers = CostModifiers {
        affinity: &affinity,
        ..Default::default()
    };
    assert_eq!(total("{6}{U}", modifiers).to_string(), "{2}{U}");
    let one = CostModifiers {
        affinity: &affinity[..1],
        ..Default::default()
    };
    assert_eq!(total("{6}{U}", one).to_string(), "{4}{U}");
}

#[test]
fn affinity_reduces_only_generic_mana() {
    // R5ed85825: it can't reduce color requirements.
    let affinity = [5];
    let modifiers = CostModifiers {
        affinity: &affinity,
        ..Default::default()
    };
    let reduced = total("{2}{U}{U}", modifiers);
    assert_eq!(reduced.to_string(), "{U}{U}");
    // ... and doesn't change the mana value (of the card's mana cost).
    assert_eq!(cost("{2}{U}{U}").mana_value(), 4);
    let resources = Resources::with_pool(pool("CC"));
    assert!(pay(&reduced, &resources).is_none());
    assert!(pay(&reduced, &Resources::with_pool(pool("UU"))).is_some());
}

#[test]
fn increases_apply_before_reductions() {
    // Re3a2c2a9: apply additional costs and increases first.
    let increases = [cost("{1}")];
    let reductions = [Reduction::generic(2)];
    let modifiers = CostModifiers {
        increases: &increases,
        reductions: &reductions,
        ..Default::default()
    };
    // {R}+{1}-{2} is {R}; reducing first would leave {1}{R}.
    assert_eq!(total("{R}", modifiers).to_string(), "{R}");
}

#[test]
fn reductions_never_go_below_zero_and_all_apply() {
    // 601.2f
    let big = [Reduction::generic(5)];
    let modifiers = CostModifiers {
        reductions: &big,
        ..Default::default()
    };
    assert_eq!(total("{2}", modifiers).to_string(), "{0}");
    assert_eq!(total("{2}{G}", modifiers).to_string(), "{G}");
    let several = reductions(&["{1}", "{2}", "{S}"]);
    let modifiers = CostModifiers {
        reductions: &several,
        ..Default::default()
    };
    assert_eq!(total("{5}{G}", modifiers).to_string(), "{1}{G}");
}

#[test]
fn colored_and_colorless_reductions() {
    let check = |text: &str, reduction: &str, expected: &str| {
        let list = reductions(&[reduction]);
        let modifiers = CostModifiers {
            reductions: &list,
            ..Default::default()
        };
        assert_eq!(
            total(text, modifiers).to_string(),
            expected,
            "{text} less {reduction}"
        );
    };
    // 118.7c: its own colour first.
    check("{1}{W}{W}", "{W}", "{1}{W}");
    // 118.7b: a colour the cost doesn't require reduces generic mana.
    check("{1}{U}", "{W}", "{U}");
    // 118.7c: the excess reduces generic mana.
    check("{2}{W}", "{W}{W}", "{1}");
    // 118.7d
    check("{2}{C}", "{C}{C}", "{1}");
    // 118.7f: a Phyrexian symbol reduces its colour.
    check("{2}{B}", "{B/P}", "{2}");
    // 118.7g: snow reduces generic mana.
    check("{2}{B}", "{S}", "{1}{B}");
    // A hybrid symbol announced as the reduced colour (601.2b).
    check("{1}{W/U}", "{W}", "{1}");
    check("{1}{2/W}", "{W}", "{1}");
    check("{1}{C/W}", "{C}", "{1}");
    // Several kinds could take it: the choice is left to the payment.
    check("{W/U}{W/B}", "{W}", "{W/U}{W/B} less {W}");
    check("{1}{B/P}", "{B}", "{1}{B/P} less {B}");
}

#[test]
fn generic_reductions_and_two_hybrid_symbols() {
    let check = |text: &str, amount: u32, expected: &str| {
        let list = [Reduction::generic(amount)];
        let modifiers = CostModifiers {
            reductions: &list,
            ..Default::default()
        };
        assert_eq!(
            total(text, modifiers).to_string(),
            expected,
            "{text} less {amount}"
        );
    };
    // Spectral Procession: {2/W} announced as {2} can be reduced (601.2b).
    check("{2/W}{2/W}{2/W}", 1, "{1}{2/W}{2/W}");
    check("{2/W}{2/W}{2/W}", 2, "{2/W}{2/W}");
    check("{2/W}{2/W}{2/W}", 7, "{0}");
    check("{1}{2/W}", 1, "{2/W}");
    // Reaper King: which symbol to announce as {2} depends on the payment.
    check(
        "{2/W}{2/U}{2/B}{2/R}{2/G}",
        2,
        "{2/W}{2/U}{2/B}{2/R}{2/G} less {2}",
    );
}

#[test]
fn hybrid_reductions_need_a_chosen_half() {
    // 118.7e
    assert_eq!(
        Reduction::parse("{W/U}"),
        Err(CostError::UnsupportedReduction {
            symbol: Symbol::hybrid(Color::White, Color::Blue).unwrap()
        })
    );
    assert!(Reduction::parse("{X}").is_err());
}

#[test]
fn x_is_fixed_before_reductions() {
    // 107.3a, 601.2f
    let list = [Reduction::generic(2)];
    let modifiers = CostModifiers {
        x: 3,
        reductions: &list,
        ..Default::default()
    };
    assert_eq!(total("{X}{X}{R}", modifiers).to_string(), "{4}{R}");
    let negative = CostModifiers {
        x: -2,
        ..Default::default()
    };
    assert_eq!(
        total_cost(&cost("{X}{R}"), &negative),
        Err(CostError::NegativeX { x: -2 })
    );
}

#[test]
fn alternative_and_additional_costs() {
    // 601.2f: the alternative cost replaces the mana cost; additional costs add.
    let kicker = [cost("{1}{G}")];
    let modifiers = CostModifiers {
        alternative: Some(cost("{R}")),
        additional: &kicker,
        ..Default::default()
    };
    assert_eq!(total("{5}{R}", modifiers).to_string(), "{1}{R}{G}");
    // 118.6: no mana cost is unpayable, even with an increase (118.6a) ...
    let increase = [cost("{1}")];
    let increased = CostModifiers {
        increases: &increase,
        ..Default::default()
    };
    let unpayable = total("", increased);
    assert!(unpayable.is_unpayable());
    assert_eq!(unpayable.to_string(), "unpayable");
    let rich = Resources::with_pool(pool("WUBRGC"));
    assert!(pay(&unpayable, &rich).is_none());
    assert_eq!(
        shortfall(&unpayable, &rich),
        "unpayable: the spell has no mana cost (118.6)"
    );
    // ... unless an alternative cost applies.
    let alternative = CostModifiers {
        alternative: Some(cost("{0}")),
        ..Default::default()
    };
    assert_eq!(total("", alternative).to_string(), "{0}");
}

// Paying (601.2g–h).

#[test]
fn hybrid_paid_with_either_half() {
    // 107.4e: {W/U}{W/U} with one white and one blue mana.
    let hybrid = TotalCost::of(&cost("{W/U}{W/U}")).unwrap();
    let payment = pay(&hybrid, &Resources::with_pool(pool("WU"))).unwrap();
    assert_eq!(payment.mana().0, [1, 1, 0, 0, 0, 0]);
    assert!(pay(&hybrid, &Resources::with_pool(pool("WB"))).is_none());
    // 107.4e example: {G/W}{G/W} with {G}{G}, {G}{W} or {W}{W}.
    let example = TotalCost::of(&cost("{G/W}{G/W}")).unwrap();
    for letters in ["GG", "GW", "WW"] {
        assert!(pay(&example, &Resources::with_pool(pool(letters))).is_some());
    }
}

#[test]
fn two_hybrid_paid_as_two_generic() {
    // 107.4e: {2/B} with one black mana or two mana of any type.
    let two = TotalCost::of(&cost("{2/W}")).unwrap();
    let payment = pay(&two, &Resources::with_pool(pool("BG"))).unwrap();
    assert_eq!(payment.parts.len(), 2);
    assert!(payment
        .parts
        .iter()
        .all(|part| part.paid_as == PaidAs::Generic && part.count == 1));
    let colored = pay(&two, &Resources::with_pool(pool("WB"))).unwrap();
    assert_eq!(colored.mana().0, [1, 0, 0, 0, 0, 0]);
    assert!(pay(&two, &Resources::with_pool(pool("B"))).is_none());
}

#[test]
fn phyrexian_mana_with_life() {
    // 107.4f example: {W/P}{W/P} with {W}{W}, {W} and 2 life, or 4 life.
    let phyrexian = TotalCost::of(&cost("{W/P}{W/P}")).unwrap();
    let with_life = |letters: &str, life| Resources {
        life,
        ..Resources::with_pool(pool(letters))
    };
    assert!(pay(&phyrexian, &with_life("WW", 0)).is_some());
    assert_eq!(pay(&phyrexian, &with_life("W", 2)).unwrap().life(), 2);
    assert_eq!(pay(&phyrexian, &with_life("", 4)).unwrap().life(), 4);
    // 119.4: 3 life pays only one symbol.
    assert!(pay(&phyrexian, &with_life("", 3)).is_none());
    assert_eq!(shortfall(&phyrexian, &with_life("", 3)), "1 {W/P} unpaid");
    // A hybrid Phyrexian symbol: either colour or 2 life.
    let hybrid = TotalCost::of(&cost("{G/U/P}")).unwrap();
    assert!(pay(&hybrid, &with_life("U", 0)).is_some());
    assert!(pay(&hybrid, &with_life("", 2)).is_some());
    assert!(pay(&hybrid, &with_life("W", 1)).is_none());
    // Life can't pay generic mana.
    let dismember = TotalCost::of(&cost("{1}{B/P}{B/P}")).unwrap();
    assert_eq!(
        shortfall(&dismember, &with_life("", 20)),
        "1 generic mana unpaid"
    );
    assert_eq!(pay(&dismember, &with_life("R", 20)).unwrap().life(), 4);
}

#[test]
fn convoke_with_a_multicolored_creature() {
    // R6efb9172: it pays {1} or one mana of any of its colours.
    let spell = TotalCost::of(&cost("{1}{G}{W}")).unwrap();
    let resources = Resources {
        creatures: creatures(&["GW", "GW"]),
        convoke: true,
        ..Resources::with_pool(pool("G"))
    };
    let payment = pay(&spell, &resources).unwrap();
    assert_eq!(payment.creatures()[Colors::parse("GW").unwrap().index()], 2);
    assert!(payment.parts.contains(&part("creature:WG", "{W}", "W", 1)));
    // Without convoke the creatures don't help.
    let no_convoke = Resources {
        convoke: false,
        ..resources
    };
    assert!(pay(&spell, &no_convoke).is_none());
}

#[test]
fn convoke_colors_must_match() {
    // 702.51a: a coloured requirement needs a creature of that colour;
    // a colourless creature pays generic mana only.
    let spell = TotalCost::of(&cost("{1}{U}")).unwrap();
    let resources = Resources {
        creatures: creatures(&["", "R"]),
        convoke: true,
        ..Resources::default()
    };
    assert_eq!(shortfall(&spell, &resources), "1 {U} unpaid");
    let blue = Resources {
        creatures: creatures(&["", "U"]),
        ..resources
    };
    let payment = pay(&spell, &blue).unwrap();
    assert!(payment
        .parts
        .contains(&part("creature", "{1}", "generic", 1)));
    // Convoke can't pay {C} or {S}.
    let odd = TotalCost::of(&cost("{C}")).unwrap();
    assert!(pay(&odd, &blue).is_none());
}

#[test]
fn convoke_taps_no_more_creatures_than_the_cost() {
    // R240b390f: Venerated Loxodon {4}{W} with eight creatures.
    let loxodon = TotalCost::of(&cost("{4}{W}")).unwrap();
    let resources = Resources {
        creatures: creatures(&["W"; 8]),
        convoke: true,
        ..Resources::default()
    };
    let payment = pay(&loxodon, &resources).unwrap();
    assert_eq!(payment.creatures().iter().sum::<u64>(), 5);
}

#[test]
fn convoke_with_an_alternative_cost() {
    // Rc6ec9023, Reff70b01: convoke applies after the total cost, so it
    // works with alternative costs.
    let modifiers = CostModifiers {
        alternative: Some(cost("{2}{G}")),
        ..Default::default()
    };
    let spell = total("{6}{G}{G}", modifiers);
    let resources = Resources {
        creatures: creatures(&["G", "B", "B"]),
        convoke: true,
        ..Resources::default()
    };
    assert!(pay(&spell, &resources).is_some());
}

#[test]
fn improvise_and_delve_pay_generic_mana_only() {
    // 702.126a
    let spell = TotalCost::of(&cost("{2}{U}")).unwrap();
    let artifacts = Resources {
        artifacts: 2,
        improvise: true,
        ..Resources::with_pool(pool("U"))
    };
    assert_eq!(pay(&spell, &artifacts).unwrap().artifacts(), 2);
    let only_artifacts = Resources {
        pool: ManaPool::EMPTY,
        artifacts: 5,
        ..artifacts
    };
    assert_eq!(shortfall(&spell, &only_artifacts), "1 {U} unpaid");
    // 702.66a
    let cards = Resources {
        graveyard: 7,
        delve: true,
        ..Resources::with_pool(pool("U"))
    };
    assert_eq!(pay(&spell, &cards).unwrap().graveyard_cards(), 2);
    // A {2/C} paid as {2} is generic mana in the total cost.
    let two = TotalCost::of(&cost("{2/U}")).unwrap();
    let only_cards = Resources {
        pool: ManaPool::EMPTY,
        ..cards
    };
    assert_eq!(pay(&two, &only_cards).unwrap().graveyard_cards(), 2);
}

#[test]
fn snow_mana_pays_snow_symbols() {
    // 107.4h: lower-case letters are snow mana here.
    let snow = TotalCost::of(&cost("{S}{G}")).unwrap();
    assert!(pay(&snow, &Resources::with_pool(pool("GG"))).is_none());
    assert_eq!(
        shortfall(&snow, &Resources::with_pool(pool("GG"))),
        "1 {S} unpaid"
    );
    assert!(pay(&snow, &Resources::with_pool(pool("gG"))).is_some());
    assert!(pay(&snow, &Resources::with_pool(pool("g"))).is_none());
    assert!(pay(&snow, &Resources::with_pool(pool("cg"))).is_some());
}

#[test]
fn colorless_symbols_need_colorless_mana() {
    // 107.4c
    let spell = TotalCost::of(&cost("{1}{C}")).unwrap();
    assert!(pay(&spell, &Resources::with_pool(pool("WW"))).is_none());
    assert!(pay(&spell, &Resources::with_pool(pool("WC"))).is_some());
    let hybrid = TotalCost::of(&cost("{C/R}")).unwrap();
    assert!(pay(&hybrid, &Resources::with_pool(pool("C"))).is_some());
    assert!(pay(&hybrid, &Resources::with_pool(pool("R"))).is_some());
    assert!(pay(&hybrid, &Resources::with_pool(pool("G"))).is_none());
}

#[test]
fn shortfall_names_the_unpaid_requirement() {
    let spell = TotalCost::of(&cost("{1}{G}")).unwrap();
    assert_eq!(
        shortfall(&spell, &Resources::with_pool(pool("WW"))),
        "1 {G} unpaid"
    );
    assert_eq!(
        shortfall(&spell, &Resources::with_pool(pool("G"))),
        "1 generic mana unpaid"
    );
    let PaymentSearch::NotPayable(short) = find_payment(&spell, &Resources::default()).unwrap()
    else {
        panic!("payable");
    };
    assert_eq!(short.total(), 2);
    assert_eq!(
        short.entries().collect::<Vec<_>>(),
        vec![
            (Requirement::Symbol(Symbol::Generic), 1),
            (Requirement::Symbol(Symbol::Colored(Color::Green)), 1)
        ]
    );
}

#[test]
fn large_amounts_are_fast_and_exact() {
    let huge = TotalCost::of(&cost("{1000000}{G}")).unwrap();
    let mut big = pool("G");
    big.mana[ManaType::Colorless.index()] = 1_000_000;
    assert!(pay(&huge, &Resources::with_pool(big)).is_some());
    big.mana[ManaType::Colorless.index()] = 999_999;
    assert_eq!(
        shortfall(&huge, &Resources::with_pool(big)),
        "1 generic mana unpaid"
    );
}

#[test]
fn pending_reductions_are_paid_exactly() {
    // {1}{B/P} less {B}: announcing 2 life for {B/P} lets the reduction
    // take the {1} (118.7b), so 2 life pays all of it.
    let list = reductions(&["{B}"]);
    let modifiers = CostModifiers {
        reductions: &list,
        ..Default::default()
    };
    let spell = total("{1}{B/P}", modifiers);
    let life = Resources {
        life: 2,
        ..Resources::default()
    };
    let payment = pay(&spell, &life).unwrap();
    assert_eq!(payment.life(), 2);
    assert!(pay(&spell, &Resources::default()).is_none());
    assert!(pay(&spell, &Resources::with_pool(pool("R"))).is_some());
    // {W/U}{W/B} less {W}: either symbol may be announced white.
    let list = reductions(&["{W}"]);
    let modifiers = CostModifiers {
        reductions: &list,
        ..Default::default()
    };
    let spell = total("{1}{W/U}{W/B}", modifiers);
    for letters in ["WU", "WB", "BU", "WW"] {
        assert!(
            pay(&spell, &Resources::with_pool(pool(letters))).is_some(),
            "{letters}"
        );
    }
    assert!(pay(&spell, &Resources::with_pool(pool("RU"))).is_some());
    assert!(pay(&spell, &Resources::with_pool(pool("RR"))).is_none());
    assert!(pay(&spell, &Resources::with_pool(pool("UUB"))).is_some());
}

#[test]
fn verify_payment_names_the_fault() {
    let spell = TotalCost::of(&cost("{1}{G}{W/P}")).unwrap();
    let resources = Resources {
        life: 2,
        creatures: creatures(&["G"]),
        ..Resources::with_pool(pool("GR"))
    };
    let good = [
        part("mana:G", "{G}", "G", 1),
        part("mana:R", "{1}", "generic", 1),
        part("life", "{W/P}", "life", 1),
    ];
    assert_eq!(verify_payment(&spell, &resources, &good), Ok(()));
    let wrong_color = [
        part("mana:R", "{G}", "R", 1),
        part("mana:G", "{1}", "generic", 1),
        part("life", "{W/P}", "life", 1),
    ];
    assert_eq!(
        fault(verify_payment(&spell, &resources, &wrong_color)),
        "cant_pay_symbol"
    );
    let short = [
        part("mana:G", "{G}", "G", 1),
        part("life", "{W/P}", "life", 1),
    ];
    let error = verify_payment(&spell, &resources, &short).unwrap_err();
    assert_eq!(error.fault_name(), Some("wrong_amount"));
    assert_eq!(error.rule(), Some("601.2h"));
    let creature = [
        part("creature:G", "{G}", "G", 1),
        part("mana:R", "{1}", "generic", 1),
        part("life", "{W/P}", "life", 1),
    ];
    assert_eq!(
        fault(verify_payment(&spell, &resources, &creature)),
        "no_convoke"
    );
    let poor = Resources {
        life: 1,
        ..resources
    };
    let error = verify_payment(&spell, &poor, &good).unwrap_err();
    assert_eq!(error.fault_name(), Some("not_enough_life"));
    assert_eq!(error.rule(), Some("119.4"));
    let twice = [
        part("mana:G", "{G}", "G", 1),
        part("mana:G", "{1}", "generic", 1),
        part("life", "{W/P}", "life", 1),
    ];
    assert_eq!(
        fault(verify_payment(&spell, &resources, &twice)),
        "not_enough_mana"
    );
    let unpayable = TotalCost::of(&ManaCost::NONE).unwrap();
    assert_eq!(
        fault(verify_payment(&unpayable, &resources, &[])),
        "unpayable"
    );
}

#[test]
fn verify_payment_applies_pending_reductions() {
    // {1}{W/U}{W/B} less {W}: white mana can't pay a half announced white
    // while the reduction takes generic mana (118.7c), and the reduction
    // can't go unused while generic mana is paid (601.2f).
    let list = reductions(&["{W}"]);
    let modifiers = CostModifiers {
        reductions: &list,
        ..Default::default()
    };
    let spell = total("{1}{W/U}{W/B}", modifiers);
    let resources = Resources::with_pool(pool("WWU"));
    let out_of_order = [
        part("reduction:W", "{1}", "generic", 1),
        part("mana:W", "{W/U}", "W", 1),
        part("mana:W", "{W/B}", "W", 1),
    ];
    assert_eq!(
        fault(verify_payment(&spell, &resources, &out_of_order)),
        "reduction_order"
    );
    let unused = [
        part("mana:W", "{1}", "generic", 1),
        part("mana:U", "{W/U}", "U", 1),
        part("mana:W", "{W/B}", "W", 1),
    ];
    assert_eq!(
        fault(verify_payment(&spell, &resources, &unused)),
        "reduction_unused"
    );
    let good = [
        part("reduction:W", "{W/U}", "W", 1),
        part("mana:W", "{1}", "generic", 1),
        part("mana:W", "{W/B}", "W", 1),
    ];
    assert_eq!(verify_payment(&spell, &resources, &good), Ok(()));
}

#[test]
fn enumerates_distinct_payments() {
    let mut solver = PaymentSolver::new();
    let count = |solver: &mut PaymentSolver, text: &str, resources: &Resources| {
        let total = TotalCost::of(&cost(text)).unwrap();
        let payments = solver.enumerate_payments(&total, resources, 100).unwrap();
        for payment in &payments {
            verify_payment(&total, resources, &payment.parts).unwrap();
        }
        let mut unique = payments.clone();
        unique.sort_by(|a, b| a.parts.cmp(&b.parts));
        unique.dedup();
        assert_eq!(unique.len(), payments.len(), "duplicates for {text}");
        payments.len()
    };
    let wu = Resources::with_pool(pool("WU"));
    assert_eq!(count(&mut solver, "{W/U}", &wu), 2);
    assert_eq!(count(&mut solver, "{1}", &wu), 2);
    assert_eq!(count(&mut solver, "{1}{W}", &wu), 1);
    assert_eq!(count(&mut solver, "{2}", &wu), 1);
    assert_eq!(count(&mut solver, "{R}", &wu), 0);
    // One multicoloured creature paying {W/U} is one payment, whichever
    // colour it is announced as.
    let creature = Resources {
        creatures: creatures(&["WU"]),
        convoke: true,
        ..Resources::default()
    };
    assert_eq!(count(&mut solver, "{W/U}", &creature), 1);
    // {2/W} from W, W, B: {W} by white, or {2} by W+W or W+B.
    assert_eq!(
        count(&mut solver, "{2/W}", &Resources::with_pool(pool("WWB"))),
        3
    );
    // The limit is respected.
    let total = TotalCost::of(&cost("{3}")).unwrap();
    let many = Resources::with_pool(pool("WUBRGC"));
    assert_eq!(
        solver.enumerate_payments(&total, &many, 7).unwrap().len(),
        7
    );
    assert_eq!(
        solver
            .enumerate_payments(&total, &many, 1000)
            .unwrap()
            .len(),
        20
    );
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let spell = TotalCost::of(&cost("{1}")).unwrap();
    let mut bad = pool("W");
    bad.snow[0] = 2;
    assert!(matches!(
        find_payment(&spell, &Resources::with_pool(bad)),
        Err(CostError::InvalidInput { .. })
    ));
    let many = TotalCost::of(&cost(&"{2/W}{2/U}{2/B}{2/R}{2/G}".repeat(5))).unwrap();
    assert!(matches!(
        find_payment(&many, &Resources::default()),
        Err(CostError::TooComplex { .. })
    ));
    assert!(ManaCost::ZERO
        .with(Symbol::Hybrid(Color::White, Color::White), 1)
        .is_err());
    let max = TotalCost::of(&cost("{4294967295}")).unwrap();
    let modifiers = CostModifiers {
        x: i64::from(u32::MAX),
        ..Default::default()
    };
    assert!(matches!(
        total_cost(&cost("{X}{4294967295}"), &modifiers),
        Err(CostError::Overflow { .. })
    ));
    let mut rich = ManaPool::EMPTY;
    rich.mana = [u32::MAX; 6];
    assert!(pay(&max, &Resources::with_pool(rich)).is_some());
}

/// Throughput of `can_pay` on typical queries (run with
/// `cargo test --release -p mtgjudge-core -- --ignored can_pay_throughput --nocapture`).
#[test]
#[ignore]
fn can_pay_throughput() {
    let cases = [
        ("{2}{G}{G}", "GGGRR", vec![]),
        ("{1}{W/U}{W/U}", "WUB", vec![]),
        ("{3}{G}{W}", "GW", vec!["GW", "G", "", "R"]),
        ("{1}{B/P}{B/P}", "BR", vec![]),
        ("{2/W}{2/U}{2/B}{2/R}{2/G}", "WUBRGCCCCC", vec![]),
        ("{X}{R}", "R", vec![]),
    ];
    let mut solver = PaymentSolver::new();
    for (text, letters, convokers) in cases {
        let total = TotalCost::of(&cost(text)).unwrap();
        let resources = Resources {
            life: 20,
            creatures: creatures(&convokers),
            convoke: !convokers.is_empty(),
            ..Resources::with_pool(pool(letters))
        };
        let rounds = 200_000;
        let start = std::time::Instant::now();
        let mut payable = 0;
        for _ in 0..rounds {
            payable += usize::from(solver.can_pay(&total, &resources).unwrap());
        }
        let per = start.elapsed().as_secs_f64() / f64::from(rounds) * 1e9;
        println!(
            "{text:32} payable={} {per:8.0} ns/query",
            payable == rounds as usize
        );
    }
}

#[test]
fn printed_lengths_are_the_lengths_of_the_text() {
    for text in [
        "",
        "{0}",
        "{X}{X}{12}{C}{S}{W}{W}{U/B}{2/G}{C/R}{W/P}{G/U/P}",
        "{4294967295}",
    ] {
        let cost = cost(text);
        assert_eq!(cost.printed_len(), cost.to_string().len() as u64, "{text}");
        for modifiers in [
            CostModifiers::default(),
            CostModifiers {
                reductions: &reductions(&["{W}"]),
                ..CostModifiers::default()
            },
        ] {
            if let Ok(total) = total_cost(&cost, &modifiers) {
                assert_eq!(
                    total.printed_len(),
                    total.to_string().len() as u64,
                    "{text}"
                );
            }
        }
    }
    let pending = total(
        "{W/U}{W/B}",
        CostModifiers {
            reductions: &reductions(&["{W}"]),
            ..CostModifiers::default()
        },
    );
    assert!(!pending.is_settled());
    assert_eq!(pending.printed_len(), pending.to_string().len() as u64);
    // Without printing a cost of 2^31 symbols.
    let mut huge = cost("{W}");
    for _ in 0..31 {
        huge = huge.plus(&huge).unwrap();
    }
    assert_eq!(huge.printed_len(), 3 << 31);
}
