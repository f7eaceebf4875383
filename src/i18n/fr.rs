//! French. Vocabulary of French Mojo players: la pioche (draw pile), la
//! défausse (discard pile), une manche (round), la partie (game), face
//! cachée, le « Mojo Time », la carte Mojo. Card values are masculine nouns
//! ("le 7 jaune", "un 0 bleu"), so the colour agrees with the number, as
//! French players say it. A non-breaking space goes before : ; ! ?.

use mojo_engine::{Colour, DrawSource, Face, Outcome, RoundEnd, Value};

use super::{form, Plural, Text};
use crate::session::Level;

/// French counts 0 and 1 as singular ("0 point", "1 carte", "2 cartes").
pub(super) fn plural(n: u64) -> Plural {
    if n <= 1 {
        Plural::One
    } else {
        Plural::Many
    }
}

fn count(n: u64, one: &str, other: &str) -> String {
    format!("{n} {}", form(plural(n), [one, other, other]))
}

fn colour(c: Colour) -> &'static str {
    match c {
        Colour::Blue => "bleu",
        Colour::Green => "vert",
        Colour::Yellow => "jaune",
        Colour::Orange => "orange",
        Colour::Red => "rouge",
    }
}

/// "7 jaune".
fn card(v: Value) -> String {
    format!("{v} {}", colour(Colour::of(v)))
}

fn direction(face: Face) -> &'static str {
    match face {
        Face::Zero => "dans le sens horaire",
        Face::PlusTen => "dans le sens antihoraire",
    }
}

#[deny(clippy::wildcard_enum_match_arm)]
pub(super) fn text(t: &Text) -> String {
    use Text::*;
    match *t {
        Title => "Mojo".into(),
        Tagline => "Débarrassez-vous de vos cartes\u{a0}: le plus petit score l’emporte.".into(),
        NewTable => "Nouvelle partie".into(),
        Seat(i) => format!("Place {}", i + 1),
        Name => "Nom".into(),
        Person => "Humain".into(),
        DefaultName => "Joueur".into(),
        DefaultBot(n) => format!("Robot {n}"),
        Bot(l) => match l {
            Level::Easy => "Robot facile",
            Level::Medium => "Robot moyen",
            Level::Hard => "Robot difficile",
        }
        .into(),
        Bots => "Robots".into(),
        LevelName(l) => match l {
            Level::Easy => "Facile",
            Level::Medium => "Moyen",
            Level::Hard => "Difficile",
        }
        .into(),
        AddSeat => "Ajouter une place".into(),
        RemoveSeat(name) => format!("Retirer {name}"),
        TwoPiles => "Deux défausses".into(),
        TwoPilesHelp => "Jouez sur l’une ou l’autre défausse\u{a0}; après une carte plus haute, piochez ou prenez la carte du dessus de l’autre défausse.".into(),
        TargetScore => "Fin de partie à".into(),
        WhoStarts => "Qui commence".into(),
        RandomStarter => "Au hasard".into(),
        StartGame => "Commencer la partie".into(),
        Continue => "Reprendre".into(),
        ContinueDetail { round, players } => format!(
            "Partie sauvegardée\u{a0}: manche {round}, {}",
            count(players as u64, "joueur", "joueurs")
        ),
        ProblemSeats => "Une table compte de 2 à 8 places.".into(),
        ProblemName(i) => format!("La place {} doit avoir un nom.", i + 1),
        ProblemTarget => "La partie doit se terminer entre 10 et 500 points.".into(),
        Round(n) => format!("Manche {n}"),
        DrawPile => "Pioche".into(),
        Cards(n) => count(n as u64, "carte", "cartes"),
        DiscardPile => "Défausse".into(),
        Pile(i) => if i == 0 {
            "Défausse de gauche"
        } else {
            "Défausse de droite"
        }
        .into(),
        MojoCardName(face) => format!(
            "Carte Mojo\u{a0}: face {} visible, le jeu tourne {}",
            face.label(),
            direction(face)
        ),
        Clockwise => "sens horaire".into(),
        Counterclockwise => "sens antihoraire".into(),
        YourHand => "Votre main".into(),
        YourFaceDown => "Vos cartes face cachée".into(),
        CardsWorth(n) => format!("Vos cartes\u{a0}: {}", count(n.into(), "point", "points")),
        CardName(v) => card(v),
        ColourName(c) => colour(c).into(),
        RevealCard(v) => format!("Révéler le {}", card(v)),
        HintLower => "fin du tour".into(),
        HintHigher => "vous piochez".into(),
        HintEqual => "vous rejouez".into(),
        HintLast => "fin de la manche".into(),
        PlayOn(i) => format!(
            "Jouer sur la défausse de {}",
            if i == 0 { "gauche" } else { "droite" }
        ),
        ChoosePile => "Choisissez une défausse, puis une carte".into(),
        DrawFromDeck => "Prendre dans la pioche".into(),
        TakeFromOtherPile(v) => format!("Prendre sur l’autre défausse ({})", card(v)),
        MustDraw => "Carte plus haute\u{a0}: piochez-en une. Où\u{a0}?".into(),
        MustReveal => "Mojo Time\u{a0}: révélez une de vos cartes face cachée.".into(),
        YourTurn => "À vous\u{a0}: jouez une carte.".into(),
        ContinueChain(v) => format!("Égalité\u{a0}! Jouez une autre carte sur le {v}."),
        TurnOf(name) => format!("Au tour de {name}"),
        Thinking(name) => format!("{name} réfléchit…"),
        HandSize(n) => count(n as u64, "carte en main", "cartes en main"),
        FaceDownCount(n) => count(n as u64, "carte face cachée", "cartes face cachée"),
        Total(t) => count(t.into(), "point", "points"),
        PassDevice(name) => format!("Passez l’appareil à {name}"),
        PassDeviceHelp => {
            "Les autres, détournez les yeux\u{a0}: l’écran suivant montre une main.".into()
        }
        ShowMyCards => "Voir mes cartes".into(),
        YouAre(name) => format!("Vous êtes {name}"),
        RoundOverTitle(n) => format!("Fin de la manche {n}"),
        EndedRound { name, reason } => match reason {
            RoundEnd::EmptiedHand => format!("{name} a posé sa dernière carte."),
            RoundEnd::RevealedLast => format!("{name} a révélé sa dernière carte."),
        },
        HolderZero(name) => format!(
            "{name} prend la carte Mojo sans avoir plus de points que quiconque\u{a0}: 0 pour la manche."
        ),
        HolderPenalty(name) => format!(
            "{name} prend la carte Mojo, mais quelqu’un a moins de points\u{a0}: ses points + 10."
        ),
        Points(p) => count(p.into(), "point", "points"),
        Score(s) => format!("marque {s}"),
        NewTotal(t) => format!("total {t}"),
        Counts => "compte".into(),
        NextRound => "Manche suivante".into(),
        ScorePad => "Feuille de score".into(),
        Player => "Joueur".into(),
        TotalHeader => "Total".into(),
        ToTarget(n) => format!("encore {}", count(n.into(), "point", "points")),
        Target(t) => format!("Fin de partie à {t}"),
        Leader => "en tête".into(),
        MojoHolder => "a pris la carte Mojo".into(),
        GameOverTitle => "Partie terminée".into(),
        Winner(name) => format!("{name} gagne\u{a0}!"),
        SharedWin(names) => format!("{names} se partagent la victoire\u{a0}!"),
        NewGame => "Nouvelle partie".into(),
        Rematch => "Revanche".into(),
        GameLog => "Journal de la partie".into(),
        LogDealt { round, starter } => format!("Manche {round}\u{a0}: {starter} commence."),
        LogPlayed {
            name,
            value,
            outcome,
        } => {
            let card = card(value);
            match outcome {
                Outcome::Lower => format!("{name} joue le {card}\u{a0}: plus bas, fin du tour."),
                Outcome::Equal => format!("{name} joue le {card}\u{a0}: égal, rejoue."),
                Outcome::Higher => format!("{name} joue le {card}\u{a0}: plus haut, pioche une carte."),
                Outcome::LastCard => format!("{name} joue le {card}, sa dernière carte."),
            }
        }
        LogDrew { name, source, card: c } => match (source, c) {
            (DrawSource::Discard, Some(v)) => {
                format!("{name} prend le {} sur l’autre défausse.", card(v))
            }
            (DrawSource::Deck, Some(v)) => format!("{name} pioche le {}.", card(v)),
            (DrawSource::Deck | DrawSource::Discard, None) => {
                format!("{name} pioche une carte.")
            }
        },
        LogNothingToDraw(name) => format!("{name} n’a rien à piocher."),
        LogReshuffled(n) => format!(
            "La défausse est mélangée pour former une nouvelle pioche ({}).",
            count(n.into(), "carte", "cartes")
        ),
        LogRefilled(v) => format!(
            "La défausse vide reçoit le {} de l’autre défausse.",
            card(v)
        ),
        LogFaceDown { name, count: n } => format!(
            "{name} pose {} face cachée.",
            count(n.into(), "carte", "cartes")
        ),
        LogRevealed { name, value } => format!("{name} révèle le {}.", card(value)),
        LogRoundEnded { name, reason } => match reason {
            RoundEnd::EmptiedHand => {
                format!("{name} n’a plus de cartes en main et prend la carte Mojo.")
            }
            RoundEnd::RevealedLast => {
                format!("{name} révèle sa dernière carte et prend la carte Mojo.")
            }
        },
        LogScored {
            name,
            score,
            penalised,
        } => {
            if penalised {
                format!("{name} marque {score} (points + 10).")
            } else {
                format!("{name} marque 0 avec la carte Mojo.")
            }
        }
        LogMojoTurned(face) => format!(
            "La carte Mojo passe sur {}\u{a0}: le jeu tourne {}.",
            face.label(),
            direction(face)
        ),
        LogGameOver(names) => format!("Partie terminée\u{a0}: victoire de {names}."),
        RulesTitle => "Comment jouer à Mojo".into(),
        RulesCardsHeading => "Les cartes".into(),
        RulesCardsBody => "78 cartes numérotées de 0 à 12. La valeur donne la couleur, et chaque couleur a son propre symbole\u{a0}:".into(),
        RulesTurnHeading => "À votre tour".into(),
        RulesTurnBody => "Posez une carte de votre main sur la défausse et comparez-la à celle qu’elle recouvre\u{a0}:".into(),
        RulesLower => "Plus basse".into(),
        RulesLowerBody => "\u{a0}: votre tour s’arrête.".into(),
        RulesHigher => "Plus haute".into(),
        RulesHigherBody => "\u{a0}: piochez une carte, puis votre tour s’arrête.".into(),
        RulesEqual => "Égale".into(),
        RulesEqualBody => "\u{a0}: vous devez poser une autre carte par-dessus.".into(),
        RulesMojoTimeHeading => "Mojo Time".into(),
        RulesMojoTimeBody => "Si votre tour se termine avec 3 cartes en main ou moins (2 ou moins à deux joueurs), posez-les face cachée devant vous. Ensuite, à chacun de vos tours, vous en retournez une au lieu de jouer.".into(),
        RulesRoundEndHeading => "Fin de la manche".into(),
        RulesRoundEndBody => "La manche s’arrête dès qu’un joueur pose sa dernière carte ou retourne sa dernière carte face cachée. Il prend la carte Mojo.".into(),
        RulesScoringHeading => "Le décompte".into(),
        RulesScoringBody => "Dans chaque couleur, seule votre carte la plus haute compte\u{a0}; additionnez les cinq couleurs. Celui qui a la carte Mojo marque 0 si personne n’a moins de points que lui, sinon ses points + 10 — et la carte Mojo passe sur +10, ce qui inverse le sens du jeu.".into(),
        RulesGameEndHeading => "Fin de la partie".into(),
        RulesGameEndBody => "Quand un total atteint l’objectif (50, sauf réglage contraire), le plus petit total gagne\u{a0}; les ex æquo se partagent la victoire.".into(),
        RulesVariantHeading => "Variante\u{a0}: deux défausses".into(),
        RulesVariantBody => "À chaque tour, choisissez l’une des deux défausses et jouez-y toutes les cartes du tour. Quand vous devez piocher, prenez la carte du dessus de la pioche ou celle de l’autre défausse.".into(),
        Rules => "Règles".into(),
        Close => "Fermer".into(),
        Menu => "Menu".into(),
        Settings => "Réglages".into(),
        Speed => "Vitesse des robots".into(),
        SpeedName(s) => match s {
            crate::save::Speed::Slow => "Lente",
            crate::save::Speed::Normal => "Normale",
            crate::save::Speed::Fast => "Rapide",
            crate::save::Speed::Instant => "Instantanée",
        }
        .into(),
        Language => "Langue".into(),
        ReduceMotion => "Réduire les animations".into(),
        BackToLobby => "Retour à l’accueil".into(),
        SaveUnreadable(why) => format!("Votre partie sauvegardée n’a pas pu être chargée\u{a0}: {why}."),
        SaveKeptAside => "Son texte est mis de côté dans le stockage de ce navigateur\u{a0}; une nouvelle partie peut commencer.".into(),
        StorageOff => "Sauvegarde désactivée\u{a0}: ce navigateur ne laisse pas le jeu enregistrer de données. Vous pouvez tout de même jouer.".into(),
        UpdateReady => "Une nouvelle version de Mojo est prête. Votre partie est sauvegardée.".into(),
        ReloadForUpdate => "Nouvelle version — recharger".into(),
        TabContinued => "Cette partie a continué dans un autre onglet\u{a0}: voici sa dernière position.".into(),
        TabOtherGame => "Un autre onglet a commencé une autre partie. Cet onglet ne sauvegarde plus, pour ne pas l’écraser.".into(),
        OpenOtherGame => "Ouvrir cette partie".into(),
        KeepThisGame => "Continuer à sauvegarder celle-ci".into(),
        Dismiss => "Masquer".into(),
        ChartTitle => "Totaux par manche".into(),
        ChartDesc => "Une ligne par joueur\u{a0}: son total après chaque manche, et la ligne de l’objectif. Le tableau des scores donne les mêmes nombres.".into(),
        Statistics => "Statistiques".into(),
        StatsGames(n) => format!("Parties jouées\u{a0}: {n}"),
        StatsNone => "Aucune partie terminée pour l’instant.".into(),
        StatsWins => "Victoires".into(),
        StatsGamesHeader => "Parties".into(),
        StatsAverage => "Score final moyen".into(),
        StatsBest => "Meilleur score final".into(),
        StatsMojoPlusTen => "Mojo +10 pris".into(),
        StatsReset => "Effacer les statistiques".into(),
        StatsResetConfirm => "Effacer toutes les statistiques\u{a0}? C’est définitif.".into(),
        StatsResetYes => "Effacer".into(),
        Cancel => "Annuler".into(),
        TourTitle => "Votre première partie".into(),
        TourStep { step, of } => format!("Étape {step} sur {of}"),
        TourHand => "Voici vos cartes. À votre tour, vous en posez une sur la défausse\u{a0}; chaque carte indique ce qu’elle fera. Au clavier\u{a0}: Tab jusqu’à la main, flèches pour choisir, Entrée pour jouer.".into(),
        TourDiscard(t) => format!("La défausse. Plus basse que la carte du dessus\u{a0}: votre tour s’arrête. Plus haute\u{a0}: vous piochez. Égale\u{a0}: vous rejouez. S’il vous reste {t} cartes ou moins, vous les posez face cachée et en révélez une par tour."),
        TourPoints => "Ce que vos cartes vaudraient si la manche s’arrêtait maintenant\u{a0}: dans chaque couleur, seule votre carte la plus haute compte. Vous défaire des cartes hautes fait baisser ce total le plus vite.".into(),
        TourMojo => "La carte Mojo. Qui termine la manche la prend\u{a0}: 0 point si personne n’a moins, sinon ses points plus 10. Quand quelqu’un atteint l’objectif, le plus petit total gagne.".into(),
        TourNext => "Suivant".into(),
        TourDone => "À vous de jouer".into(),
        TourSkip => "Passer".into(),
        ShowTour => "Visite guidée de la première partie".into(),
    }
}
