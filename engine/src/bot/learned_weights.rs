//! Weights of the learned evaluation ([`super::learned`]), written by
//! `mojo train --games 4000 --seed 1 --players 2,4,6 --stride 3`; do not
//! edit by hand. Held out: round model MSE 25.353 (constant 36.651),
//! game model log-loss 0.4502 (constant 0.5966, hand-written 0.5017),
//! play model log-likelihood loss 0.1699 (hand-written 0.1960, uniform 1.4878).

pub(crate) const ROUND_WEIGHTS: [f64; super::learned::ROUND_FEATURES] = [
    2.822018855370646,
    1.017890197734052,
    0.044263624368469284,
    0.4078020513710634,
    1.694147795201086,
    -1.1268127409664244,
    0.5174677155789292,
    -0.5423325576590398,
    -0.450932332468247,
    0.4538585576505026,
    -6.256757713866069,
    1.089698618829606,
    -0.2902155053612637,
    0.3504967732387263,
    0.9475115238499027,
    -0.2195960742104161,
    -1.150325603266209,
    2.5240357793294472,
];

pub(crate) const GAME_WEIGHTS: [f64; super::learned::GAME_FEATURES] = [
    -0.16587942318599508,
    0.7700757728789622,
    0.5284990043085677,
    0.14216684759402043,
    -0.047774320583974024,
    0.0985666622936383,
    0.25306150648061704,
];

pub(crate) const PLAY_WEIGHTS: [f64; super::learned::PLAY_FEATURES] = [
    -3.8852714020940264,
    2.273241824904525,
    -0.34096606925975315,
    -1.4022605093161462,
    0.28582152973245356,
    0.9881477602540328,
    -1.1756911705527409,
    0.15419533650955908,
];
