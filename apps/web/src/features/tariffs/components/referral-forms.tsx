import { Button, Group, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePublicSettings } from "@/shared/api/public-settings";
import { useServerForm } from "@/shared/forms/use-server-form";
import { emailRule, requiredRule } from "@/shared/forms/validators";
import { FormAlert } from "@/shared/ui/form-alert";
import { useReferralCalls } from "../api/tariff-queries";
import { amountRule } from "./amount-rule";

/** `PUT transfer_referral_balance/`: bonus funds into the balance. */
export function TransferForm() {
  const { t } = useTranslation();
  const calls = useReferralCalls();
  const { fieldProps, mutation, formErrors, onSubmit } = useServerForm({
    initialValues: { amount: "" },
    validate: { amount: amountRule },
    submit: (values) => calls.transfer(values.amount.trim()),
    fieldMap: { amount: "amount" },
    onSuccess: (_result, form) => {
      form.reset();
      notifications.show({ color: "green", message: t("money:referral.transferred") });
    },
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t("money:referral.transferTitle")}>
      <Stack gap="sm">
        <TextInput
          label={t("money:referral.transferAmount")}
          inputMode="decimal"
          autoComplete="off"
          {...fieldProps("amount")}
        />
        <FormAlert messages={formErrors} />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending} data-testid="transfer-submit">
            {t("money:referral.transfer")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `POST referral_payment_request/`: at least `min_withdrawal` (key_value/) to PayPal or a card. */
export function WithdrawalForm() {
  const { t } = useTranslation();
  const calls = useReferralCalls();
  const minimum = usePublicSettings(["min_withdrawal"]).data?.min_withdrawal;
  const [method, setMethod] = useState<"1" | "2">("1");
  const { fieldProps, mutation, formErrors, onSubmit } = useServerForm({
    initialValues: { amount: "", paypalEmail: "", cardNumber: "", receiverName: "" },
    validate: {
      amount: amountRule,
      paypalEmail: (value: string) => (method === "1" ? emailRule(value) : null),
      cardNumber: (value: string) => (method === "2" ? requiredRule(value) : null),
      receiverName: requiredRule,
    },
    submit: (values) =>
      calls.withdraw({
        data: {
          method: method === "1" ? 1 : 2,
          amount: values.amount.trim(),
          receiver_name: values.receiverName.trim(),
          ...(method === "1"
            ? { paypal_email: values.paypalEmail.trim() }
            : { card_number: values.cardNumber.trim() }),
        },
      }),
    fieldMap: {
      "data.amount": "amount",
      "data.paypal_email": "paypalEmail",
      "data.card_number": "cardNumber",
      "data.receiver_name": "receiverName",
      amount: "amount",
      paypal_email: "paypalEmail",
      card_number: "cardNumber",
    },
    onSuccess: (_result, form) => {
      form.reset();
      notifications.show({ color: "green", message: t("money:referral.requested") });
    },
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t("money:referral.withdrawTitle")}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {minimum === undefined
            ? t("money:referral.withdrawHeld")
            : t("money:referral.withdrawNote", { amount: minimum.toFixed(2) })}
        </Text>
        <SegmentedControl
          aria-label={t("money:referral.method")}
          value={method}
          onChange={(value) => setMethod(value === "2" ? "2" : "1")}
          data={[
            { value: "1", label: t("money:referral.paypal") },
            { value: "2", label: t("money:referral.card") },
          ]}
        />
        <TextInput
          label={t("money:referral.transferAmount")}
          inputMode="decimal"
          autoComplete="off"
          {...fieldProps("amount")}
        />
        {method === "1" ? (
          <TextInput
            label={t("money:referral.paypalEmail")}
            type="email"
            autoComplete="email"
            {...fieldProps("paypalEmail")}
          />
        ) : (
          <TextInput
            label={t("money:referral.cardNumber")}
            inputMode="numeric"
            autoComplete="cc-number"
            {...fieldProps("cardNumber")}
          />
        )}
        <TextInput
          label={t("money:referral.receiverName")}
          autoComplete="name"
          {...fieldProps("receiverName")}
        />
        <FormAlert messages={formErrors} />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending} data-testid="withdraw-submit">
            {t("money:referral.withdraw")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
