// The shapes of a token the features read (ml/inkprint_ml/features.py): digits, capitals. Internal to the feature
// modules (not exported by the library).
export const DIGIT = /[0-9]/;
export const ALL_DIGITS = /^[0-9]+$/;
export const CAP_FIRST = /^[A-Z]/;
export const ALLCAPS = /^[A-Z]{2,}$/;
