// The form validator compiler lives with the schema tooling (the checker and the build use it too).
export * from '../../tools/schemas/validators';
