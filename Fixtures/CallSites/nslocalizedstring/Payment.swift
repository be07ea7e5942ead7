let pay = NSLocalizedString("payment.pay", comment: "")
let total = NSLocalizedString("payment.total", tableName: "Payment", bundle: .main, value: "Total", comment: "Sum")
let fee = NSLocalizedString(
    "payment.fee",
    tableName: nil,
    bundle: .main,
    value: "Service fee",
    comment: "Fee line"
)
let tip = NSLocalizedString("payment.tip",
                            tableName:
                                "Payment",
                            comment: "")
let dynamicTable = NSLocalizedString("payment.method", tableName: currentTable, comment: "")
