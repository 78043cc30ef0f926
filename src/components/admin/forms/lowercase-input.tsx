"use client";

import type { ComponentProps } from "react";
import { useController, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { Input } from "@/components/admin/hub/admin-ui";

/**
 * The kit's text input for a react-hook-form field kept lower-case as it is typed: a pack's URL
 * must be lower-case (ZPackUrl in src/domain/schemas/authoring-fields.ts), and the admin sees it so
 * while typing rather than as an error on saving. Used by the pack form and the Add Prop dialog's new-pack fields.
 */
export function LowercaseInput<F extends FieldValues>({
  control,
  name,
  ...props
}: { control: Control<F>; name: FieldPath<F> } & Omit<ComponentProps<"input">, "name" | "value" | "onChange" | "onBlur" | "ref">) {
  const { field } = useController({ control, name });
  return (
    <Input
      {...props}
      ref={field.ref}
      name={field.name}
      value={field.value ?? ""}
      onBlur={field.onBlur}
      onChange={(e) => field.onChange(e.target.value.toLowerCase())}
    />
  );
}
