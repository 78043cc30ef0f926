import type { ComponentProps, ReactNode } from "react";
import type { FieldValues, Path, UseFormRegister } from "react-hook-form";
import { DateTimeInput, Field, Input, Select } from "@/components/admin/hub/admin-ui";
import type { useFieldProps } from "./field-props";

/** What every field below takes: the form's field wiring, its `register`, the field's name and label. */
type FieldOf<F extends FieldValues> = {
  f: ReturnType<typeof useFieldProps<F>>;
  register: UseFormRegister<F>;
  name: Path<F> & Extract<keyof F, string>;
  label: ReactNode;
  /** A line under the control, which its `aria-describedby` names. */
  hint?: ReactNode;
};

/**
 * A react-hook-form text input in its labelled `Field` (docs/decisions/047-admin-forms.md): the
 * field's id and error, the control's accessibility wiring and its registration, all from one name.
 * Other input attributes (type, inputMode, placeholder…) pass through.
 */
export function InputField<F extends FieldValues>({
  f,
  register,
  name,
  label,
  hint,
  ...input
}: FieldOf<F> & Omit<ComponentProps<"input">, "name" | "id">) {
  return (
    <Field {...f.field(name)} label={label} hint={hint}>
      <Input {...f.control(name, { hint: hint !== undefined })} {...input} {...register(name)} />
    </Field>
  );
}

/** The same for a select; the options are the children. */
export function SelectField<F extends FieldValues>({
  f,
  register,
  name,
  label,
  hint,
  ...select
}: FieldOf<F> & Omit<ComponentProps<"select">, "name" | "id">) {
  return (
    <Field {...f.field(name)} label={label} hint={hint}>
      <Select {...f.control(name, { hint: hint !== undefined })} {...select} {...register(name)} />
    </Field>
  );
}

/** The same for a New York date and time (`DateTimeInput`, admin times are Eastern). */
export function DateTimeField<F extends FieldValues>({
  f,
  register,
  name,
  label,
  hint,
  ...input
}: FieldOf<F> & Omit<ComponentProps<"input">, "name" | "id" | "type">) {
  return (
    <Field {...f.field(name)} label={label} hint={hint}>
      <DateTimeInput {...f.control(name, { hint: hint !== undefined })} {...input} {...register(name)} />
    </Field>
  );
}
