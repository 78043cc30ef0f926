import type { ComponentProps, ReactNode } from "react";
import type { FieldValues, Path, UseFormRegister } from "react-hook-form";
import { Field, Input } from "@/components/admin/hub/admin-ui";
import type { useFieldProps } from "./field-props";

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
  ...input
}: {
  f: ReturnType<typeof useFieldProps<F>>;
  register: UseFormRegister<F>;
  name: Path<F> & Extract<keyof F, string>;
  label: ReactNode;
} & Omit<ComponentProps<"input">, "name" | "id">) {
  return (
    <Field {...f.field(name)} label={label}>
      <Input {...f.control(name)} {...input} {...register(name)} />
    </Field>
  );
}
