//! The menu: settings (language, bot speed, reduced motion, the family's
//! relay), the statistics, the walkthrough, and leaving the table.

use yew::prelude::*;

use crate::i18n::{Lang, Text};
use crate::net::ice::{Relay, RelayField, RelayProblem};
use crate::save::Speed;
use crate::ui::relay::{relay_form, RelayFormProps};

pub struct MenuProps {
    pub lang: Lang,
    pub speed: Speed,
    pub reduce_motion: bool,
    /// "Confirm each card" (a second tap plays the card picked).
    pub confirm_cards: bool,
    pub on_confirm_cards: Callback<bool>,
    pub in_game: bool,
    /// Opened from the lobby's "Settings" (else from a table's "Menu"):
    /// the dialog bears the name of the button that opened it (issue 34).
    pub from_lobby: bool,
    pub on_speed: Callback<Speed>,
    pub on_reduce_motion: Callback<bool>,
    /// A language chosen in the menu.
    pub on_lang: Callback<Lang>,
    pub on_lobby: Callback<()>,
    pub on_close: Callback<()>,
    /// Opens the statistics.
    pub on_stats: Callback<()>,
    /// Opens the first-game walkthrough (at the table).
    pub on_tour: Callback<()>,
    /// Opens the players' devices (at the table).
    pub on_devices: Callback<()>,
    /// Whether saved games are kept for good (`None`: unknown).
    pub persistent: Option<bool>,
    pub on_keep_storage: Callback<()>,
    /// The browser offers to install the app.
    pub installable: bool,
    pub on_install: Callback<()>,
    /// An iPad or iPhone in the browser: how to add Mojo to the Home Screen.
    pub ios: bool,
    /// A phone holding a seat at a table: it may leave it.
    pub on_leave_table: Option<Callback<()>>,
    /// The family's own relay for play across the internet, as typed.
    pub relay: Relay,
    /// What came of the last Save of the relay (saved, or why not).
    pub relay_said: Option<Result<(), RelayProblem>>,
    pub on_relay_edit: Callback<(RelayField, String)>,
    pub on_relay_save: Callback<()>,
}

/// Settings and leaving the table.
pub fn menu(p: &MenuProps) -> Html {
    let t = |text: Text| text.get(p.lang);
    let close = {
        let cb = p.on_close.clone();
        Callback::from(move |_| cb.emit(()))
    };
    let lobby = {
        let cb = p.on_lobby.clone();
        Callback::from(move |_| cb.emit(()))
    };
    let motion = {
        let cb = p.on_reduce_motion.clone();
        let now = p.reduce_motion;
        Callback::from(move |_| cb.emit(!now))
    };
    let on_lang = {
        let (cb, now) = (p.on_lang.clone(), p.lang);
        Callback::from(move |e: yew::Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Some(lang) = Lang::from_code(&select.value()) {
                // The select shows the language in effect until the one
                // chosen is here (its words may have to be fetched, and
                // may not come): the page changes as one.
                select.set_value(now.code());
                cb.emit(lang);
            }
        })
    };
    html! {
        <div class="dialog-backdrop">
            <section class="dialog menu" role="dialog" aria-modal="true" aria-labelledby="menu-title">
                // Close at the top, in view while the rest scrolls (issue
                // 34: on a phone it was below the fold).
                <header class="dialog__top">
                    <h2 id="menu-title">{ t(if p.from_lobby { Text::Settings } else { Text::Menu }) }</h2>
                    <button type="button" class="button button--primary dialog__close" autofocus=true onclick={close}>{ t(Text::Close) }</button>
                </header>
                <label class="menu__lang">
                    <span>{ t(Text::Language) }</span>
                    <select onchange={on_lang}>
                        { for Lang::ALL.iter().map(|&l| html! {
                            <option value={l.code()} lang={l.code()} selected={l == p.lang}>{ l.native_name() }</option>
                        }) }
                    </select>
                </label>
                // The bots' speed is the table's: not on a phone holding a seat.
                if p.on_leave_table.is_none() {
                <fieldset class="menu__speed">
                    <legend>{ t(Text::Speed) }</legend>
                    { for Speed::ALL.iter().map(|&s| {
                        let cb = p.on_speed.clone();
                        html! {
                            <label class="menu__choice">
                                <input type="radio" name="speed" checked={p.speed == s} onchange={Callback::from(move |_| cb.emit(s))} />
                                <span>{ t(Text::SpeedName(s)) }</span>
                            </label>
                        }
                    }) }
                </fieldset>
                }
                <label class="menu__choice">
                    <input type="checkbox" checked={p.reduce_motion} onchange={motion} />
                    <span>{ t(Text::ReduceMotion) }</span>
                </label>
                <label class="menu__choice">
                    <input
                        type="checkbox"
                        checked={p.confirm_cards}
                        aria-describedby="menu-confirm-help"
                        onchange={let cb = p.on_confirm_cards.clone(); let now = p.confirm_cards; Callback::from(move |_| cb.emit(!now))}
                    />
                    <span>{ t(Text::ConfirmCards) }</span>
                </label>
                <p class="menu__help" id="menu-confirm-help">{ t(Text::ConfirmCardsHelp) }</p>
                <div class="menu__actions">
                    <button type="button" class="button" onclick={let cb = p.on_stats.clone(); Callback::from(move |_| cb.emit(()))}>{ t(Text::Statistics) }</button>
                    if let Some(leave) = p.on_leave_table.clone() {
                        <button type="button" class="button" onclick={Callback::from(move |_| leave.emit(()))}>{ t(Text::LeaveTable) }</button>
                    }
                    if p.in_game {
                        <button type="button" class="button" onclick={let cb = p.on_tour.clone(); Callback::from(move |_| cb.emit(()))}>{ t(Text::ShowTour) }</button>
                        <button type="button" class="button" onclick={let cb = p.on_devices.clone(); Callback::from(move |_| cb.emit(()))}>{ t(Text::Devices) }</button>
                        <button type="button" class="button" onclick={lobby}>{ t(Text::BackToLobby) }</button>
                    }
                </div>
                if p.persistent.is_some() || p.installable || p.ios {
                    <section class="menu__device" aria-labelledby="menu-device">
                        <h3 id="menu-device">{ t(Text::ThisDevice) }</h3>
                        if let Some(kept) = p.persistent {
                            <p class="menu__storage">{ t(if kept { Text::StorageKept } else { Text::StorageMayGo }) }</p>
                            if !kept {
                                <button type="button" class="button" onclick={let cb = p.on_keep_storage.clone(); Callback::from(move |_| cb.emit(()))}>{ t(Text::KeepStorage) }</button>
                            }
                        }
                        if p.installable {
                            <button type="button" class="button" onclick={let cb = p.on_install.clone(); Callback::from(move |_| cb.emit(()))}>{ t(Text::Install) }</button>
                        }
                        if p.ios {
                            <p class="menu__ios">{ t(Text::IosInstall) }</p>
                        }
                    </section>
                }
                // The TURN relay's three fields, in a section of their own
                // after what a family reaches for (issue 55: Statistics
                // and "Leave to the lobby" came after them).
                { relay_form(RelayFormProps {
                    lang: p.lang,
                    draft: &p.relay,
                    said: p.relay_said,
                    on_edit: &p.on_relay_edit,
                    on_save: &p.on_relay_save,
                }) }
                <p class="menu__version">{ t(Text::Version(crate::net::BUILD)) }</p>
            </section>
        </div>
    }
}
