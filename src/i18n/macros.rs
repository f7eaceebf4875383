//! The one list of messages (in `mod.rs`) goes through [`messages!`],
//! which makes from it, for each message: the variant of [`super::Text`],
//! the field of [`super::Catalogue`] that holds its words in each language,
//! and the arm of [`super::Text::get`] that fills them in.

/// Defines `Text`, `Catalogue` and `Text::get` from one list.
///
/// ```text
/// messages! {
///     catalogue c, lang lang;        // names the expressions below may use
///     words { and: str, colours: [5], }   // fields that no message owns
///     enum Text<'a> {
///         Title => title: str,                          // no argument
///         Seat(i: usize) => seat: str (num(i as u64 + 1)),
///         Bot(l: Level) => bot: [3] [l as usize],       // one of 3 sentences
///     }
///     computed {                                      // words from elsewhere
///         CardName(v: Value) => fill(lang, c, "{card}", &card(v)),
///     }
/// }
/// ```
///
/// A field is `str` (one template) or `[N]` (N templates, one picked by the
/// index expression in brackets). The arguments, in parentheses, are a
/// list of `(placeholder, Arg)` pairs; none if left out.
macro_rules! messages {
    (
        catalogue $c:ident, lang $lang:ident;
        words {
            $( $(#[doc = $wdoc:literal])* $word:ident: $wkind:tt, )*
        }
        $(#[doc = $tdoc:literal])*
        enum $Text:ident<$lt:lifetime> {
            $(
                $(#[doc = $doc:literal])*
                $V:ident
                $( ( $($tn:ident: $tt:ty),* ) )?
                $( { $($sn:ident: $st:ty),* } )?
                => $field:ident: $kind:tt $( [$idx:expr] )? $( ($args:expr) )?,
            )*
        }
        computed {
            $(
                $(#[doc = $cdoc:literal])*
                $CV:ident
                $( ( $($ctn:ident: $ctt:ty),* ) )?
                => $body:expr,
            )*
        }
    ) => {
        $(#[doc = $tdoc])*
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum $Text<$lt> {
            $(
                $(#[doc = $doc])*
                $V $( ( $($tt),* ) )? $( { $($sn: $st),* } )?,
            )*
            $(
                $(#[doc = $cdoc])*
                $CV $( ( $($ctt),* ) )?,
            )*
        }

        /// One language's words. Each message of [`Text`] with words of its
        /// own has a field here (an array where the message picks one of
        /// several sentences); templates are filled by `fill` (see the
        /// module `i18n`). A language compiled in misses no field (the
        /// compiler says so); a JSON file is checked field by field when
        /// read, and by the tests.
        ///
        /// `repr(C)` and nothing but `&'static str`s: the fields lie one
        /// after another, in this order, as one array of [`Catalogue::TEXTS`]
        /// strings ([`Catalogue::texts_mut`]).
        #[derive(Clone, Copy)]
        #[repr(C)]
        pub(crate) struct Catalogue {
            $( $(#[doc = $wdoc])* pub $word: messages!(@type $wkind), )*
            $( $(#[doc = $doc])* pub $field: messages!(@type $kind), )*
        }

        impl Catalogue {
            /// Every field by its name in the JSON files, with its number of
            /// forms, in the order of the fields: reading a catalogue is one
            /// loop over this table rather than code per field.
            pub(crate) const SLOTS: &'static [(&'static str, usize)] = &[
                $( (stringify!($word), messages!(@len $wkind)), )*
                $( (stringify!($field), messages!(@len $kind)), )*
            ];
            /// How many strings a catalogue holds.
            pub(crate) const TEXTS: usize = 0 $( + messages!(@len $wkind) )* $( + messages!(@len $kind) )*;

            /// The catalogue's strings, field after field, as `SLOTS` lists
            /// them.
            pub(crate) fn texts_mut(&mut self) -> &mut [&'static str] {
                const {
                    assert!(
                        std::mem::size_of::<Catalogue>()
                            == Catalogue::TEXTS * std::mem::size_of::<&'static str>()
                    )
                };
                // SAFETY: `Catalogue` is `repr(C)` and every field is a
                // `&'static str` or an array of them, so its fields are
                // `TEXTS` strings laid out one after another with no padding
                // (the size is checked above, at compile time); the slice
                // borrows `self` mutably for its whole life.
                unsafe {
                    std::slice::from_raw_parts_mut(
                        (self as *mut Catalogue).cast::<&'static str>(),
                        Catalogue::TEXTS,
                    )
                }
            }
        }

        impl $Text<'_> {
            /// The message in `lang`.
            pub fn get(&self, $lang: Lang) -> String {
                let $c = $lang.catalogue();
                match *self {
                    $(
                        $Text::$V $( ( $($tn),* ) )? $( { $($sn),* } )? => fill(
                            $lang,
                            $c,
                            messages!(@pick $c.$field, $kind $(, $idx)?),
                            messages!(@args $($args)?),
                        ),
                    )*
                    $( $Text::$CV $( ( $($ctn),* ) )? => $body, )*
                }
            }

            /// The variant's name, for the tests.
            #[cfg(test)]
            pub(crate) fn variant(&self) -> &'static str {
                match self {
                    $( $Text::$V { .. } => stringify!($V), )*
                    $( $Text::$CV { .. } => stringify!($CV), )*
                }
            }
        }

        /// How many variants [`Text`] has (for the tests).
        #[cfg(test)]
        pub(crate) const VARIANTS: usize = [$(stringify!($V),)* $(stringify!($CV),)*].len();
    };
    (@type str) => { &'static str };
    (@type [$n:literal]) => { [&'static str; $n] };
    (@len str) => { 1 };
    (@len [$n:literal]) => { $n };
    (@pick $f:expr, str) => { $f };
    (@pick $f:expr, [$n:literal], $i:expr) => { $f[$i] };
    (@args) => { &[] };
    (@args $a:expr) => { &$a };
}
